import { sql } from 'drizzle-orm';
import { filasVivasLineasSql } from '../src/modules/reporte/filas-lineas.repository';
import { filasVivasOp3Sql, filasVivasSql } from '../src/modules/reporte/filas-mantenidas.repository';
import { filasDe } from '../src/modules/reporte/reporte.repository';
import type { Entorno } from './entorno';

/** Readings of the kept report rows of a test's database (modules/reporte/filas-mantenidas.repository.ts). */
/** `entorno` gives the test's environment when a reading runs (it is made in beforeAll). */
export function filasMantenidasDe(entorno: () => Entorno) {
  const db = () => entorno().db;
  const FILTRO = (x: string) =>
    `(${x}.xml, ${x}.fecha_ingreso, ${x}.codigo_empresa_usuario, ${x}.codigo_tipo_operacion, ${x}.codigo_estado_movimiento, ${x}.estado_anulado)`;
  /** Kept rows missing, extra, or not the row the report renders now (op1 by order, op3 by declaration). */
  async function distintas() {
    const op1 = filasDe(
      await db().execute(
        sql.raw(`select 'op1' as r, coalesce(v.codigo_movimiento, k.codigo_movimiento) as id, v.xml as viva, k.xml as guardada
          from (${filasVivasSql()}) v full join reporte_op1_fila k on k.codigo_movimiento = v.codigo_movimiento
          where ${FILTRO('v')} is distinct from ${FILTRO('k')}`),
      ),
    );
    const op3 = filasDe(
      await db().execute(
        sql.raw(`select 'op3' as r, coalesce(v.codigo_movimiento_documento, k.codigo_movimiento_documento) as id, v.xml as viva, k.xml as guardada
          from (${filasVivasOp3Sql()}) v full join reporte_op3_fila k on k.codigo_movimiento_documento = v.codigo_movimiento_documento
          where (${FILTRO('v')}, v.codigo_movimiento) is distinct from (${FILTRO('k')}, k.codigo_movimiento)`),
      ),
    );
    // op2's and op4's lines, each table against the same live rendering.
    const diferencias = (tabla: string, xml: string) =>
      `select '${tabla}' as r, coalesce(v.codigo_movimiento, k.codigo_movimiento) as id, v.${xml} as viva, k.${xml} as guardada
          from (${filasVivasLineasSql()}) v full join ${tabla} k on k.codigo_movimiento = v.codigo_movimiento
          where (${FILTRO('v').replace('.xml', `.${xml}`)}, v.lineas)
            is distinct from (${FILTRO('k').replace('.xml', `.${xml}`)}, k.lineas)`;
    const lineas = filasDe(
      await db().execute(
        sql.raw(
          `${diferencias('reporte_lineas_fila', 'xml_op2')} union all ${diferencias('reporte_lineas_op4_fila', 'xml_op4')}`,
        ),
      ),
    );
    return [...op1, ...op3, ...lineas];
  }
  /** The four tables of kept rows, to see that a change renewed something. */
  const todas = async () =>
    JSON.stringify([
      filasDe(await db().execute(sql`select * from reporte_op1_fila order by 1`)),
      filasDe(await db().execute(sql`select * from reporte_op3_fila order by 1`)),
      filasDe(await db().execute(sql`select * from reporte_lineas_fila order by 1`)),
      filasDe(await db().execute(sql`select * from reporte_lineas_op4_fila order by 1`)),
    ]);
  /** An order's kept op2 lines as stored: their repeated texts are shared strings (`<c t="s"><v>codigo</v></c>`). */
  const lineasComoEstan = async (id: number) =>
    String(
      filasDe(await db().execute(sql`select xml_op2 from reporte_lineas_fila where codigo_movimiento = ${id}`))[0]
        ?.xml_op2 ?? '',
    );
  /** An order's kept op2 lines, each shared string written in as a text cell (to read them; not escaped). */
  const lineasGuardadas = async (id: number) => {
    const textos = new Map(
      filasDe(await db().execute(sql`select codigo, texto from reporte_texto`)).map((r) => [
        String(r.codigo),
        String(r.texto),
      ]),
    );
    return (await lineasComoEstan(id)).replace(
      /<c t="s"( s="\d+")?><v>(\d+)<\/v><\/c>/g,
      (_c, estilo: string | undefined, codigo: string) => `<c t="str"${estilo ?? ''}><v>${textos.get(codigo)}</v></c>`,
    );
  };
  const contarGuardadas = async () =>
    Number(filasDe(await db().execute(sql`select count(*) as n from reporte_op1_fila`))[0]?.n);
  const guardada = async (id: number) =>
    String(
      filasDe(await db().execute(sql`select xml from reporte_op1_fila where codigo_movimiento = ${id}`))[0]?.xml ?? '',
    );
  return { distintas, todas, lineasComoEstan, lineasGuardadas, contarGuardadas, guardada };
}
