import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { sembrarDatosReporte } from '../../../test/reportes';
import { catalogoUsuario } from '../../db/schema';
import { filasDe } from './reporte.repository';

/** The dictionary of op2's and op4's shared texts (reporte_texto) as the kept lines' renewal adds to it. */
let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
});
afterAll(async () => e.cerrar());

const NUEVO = 'PRODUCTO NUEVO DE PRUEBA 7781';

describe('the shared texts of the kept lines', () => {
  it('two transactions naming the same new text at once: one entry, both lines name it', async () => {
    // Two lines of two orders of one company, each moved to a product whose description no line had.
    const lineas = filasDe(
      await e.db.execute(sql`select distinct on (m.codigo_movimiento) dt.codigo_movimiento_detalle as id,
          m.codigo_movimiento as orden, m.codigo_empresa_usuario as empresa
        from movimiento_detalle dt join movimiento m on m.codigo_movimiento = dt.codigo_movimiento
        where m.codigo_empresa_usuario = ${datos.a.codigoEmpresaUsuario}
        order by m.codigo_movimiento, dt.codigo_movimiento_detalle limit 2`),
    );
    expect(lineas).toHaveLength(2);
    const [producto] = await e.db
      .insert(catalogoUsuario)
      .values({
        codigoEmpresaUsuario: datos.a.codigoEmpresaUsuario,
        descripcion: NUEVO,
        numeroPartida: '9999999999',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      })
      .returning();
    const mover = 'update movimiento_detalle set codigo_catalogo_usuario = $1 where codigo_movimiento_detalle = $2';
    const pool = e.base.pool;
    if (!pool) {
      // The embedded database runs one transaction at a time: the two one after the other.
      for (const l of lineas)
        await e.db.execute(
          sql`update movimiento_detalle set codigo_catalogo_usuario = ${producto?.codigoCatalogoUsuario} where codigo_movimiento_detalle = ${l.id}`,
        );
    } else {
      const uno = await pool.connect();
      const dos = await pool.connect();
      try {
        await uno.query('begin');
        await dos.query('begin');
        await uno.query(mover, [producto?.codigoCatalogoUsuario, lineas[0]?.id]);
        // The second adds the same texts: it waits for the first's entries (the unique index), then finds them.
        const segundo = dos.query(mover, [producto?.codigoCatalogoUsuario, lineas[1]?.id]);
        await new Promise((listo) => setTimeout(listo, 200));
        await uno.query('commit');
        await segundo;
        await dos.query('commit');
      } finally {
        uno.release();
        dos.release();
      }
    }
    const entradas = filasDe(
      await e.db.execute(sql`select t.codigo from reporte_texto t join reporte_texto_empresa y on y.codigo = t.codigo
        where t.texto = ${NUEVO} and y.codigo_empresa_usuario = ${datos.a.codigoEmpresaUsuario}`),
    );
    expect(entradas).toHaveLength(1);
    const celda = `<c t="s"><v>${entradas[0]?.codigo}</v></c>`;
    for (const l of lineas) {
      const [fila] = filasDe(
        await e.db.execute(sql`select xml_op2, xml_op4 from reporte_lineas_fila join reporte_lineas_op4_fila using (codigo_movimiento)
          where codigo_movimiento = ${l.orden}`),
      );
      expect(String(fila?.xml_op2)).toContain(celda);
      expect(String(fila?.xml_op4)).toContain(celda);
      // No shared cell without its entry.
      expect(String(fila?.xml_op2)).not.toContain('<v></v>');
    }
    const [dic] = filasDe(
      await e.db.execute(sql`select count(*)::int as n, max(codigo)::int as ultimo from reporte_texto`),
    );
    expect(dic?.ultimo).toBe(Number(dic?.n) - 1);
  });
});
