import { PARAMETRO } from '@cronos/contract';
import { and, eq, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { sembrarDatosReporte } from '../../../test/reportes';
import { CARPETA_MIGRACIONES } from '../../db/migrar';
import {
  catalogoUsuario,
  controlMovimiento,
  empresaUsuario,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  parametroSeccion,
  verificacion,
} from '../../db/schema';
import { filasDe } from './reporte.repository';
import {
  filasVivasLineasSql,
  filasVivasOp3Sql,
  filasVivasSql,
  funcionesFilasMantenidas,
  sqlFuncionesFilasMantenidas,
} from './filas-mantenidas.repository';
import { llenarFilasMantenidas } from './filas-mantenidas-llenado.repository';

let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
});
afterAll(async () => e.cerrar());

const FILTRO = (x: string) =>
  `(${x}.xml, ${x}.fecha_ingreso, ${x}.codigo_empresa_usuario, ${x}.codigo_tipo_operacion, ${x}.codigo_estado_movimiento, ${x}.estado_anulado)`;
/** Kept rows missing, extra, or not the row the report renders now (op1 by order, op3 by declaration). */
async function distintas() {
  const op1 = filasDe(
    await e.db.execute(
      sql.raw(`select 'op1' as r, coalesce(v.codigo_movimiento, k.codigo_movimiento) as id, v.xml as viva, k.xml as guardada
        from (${filasVivasSql()}) v full join reporte_op1_fila k on k.codigo_movimiento = v.codigo_movimiento
        where ${FILTRO('v')} is distinct from ${FILTRO('k')}`),
    ),
  );
  const op3 = filasDe(
    await e.db.execute(
      sql.raw(`select 'op3' as r, coalesce(v.codigo_movimiento_documento, k.codigo_movimiento_documento) as id, v.xml as viva, k.xml as guardada
        from (${filasVivasOp3Sql()}) v full join reporte_op3_fila k on k.codigo_movimiento_documento = v.codigo_movimiento_documento
        where (${FILTRO('v')}, v.codigo_movimiento) is distinct from (${FILTRO('k')}, k.codigo_movimiento)`),
    ),
  );
  const lineas = filasDe(
    await e.db.execute(
      sql.raw(`select 'lineas' as r, coalesce(v.codigo_movimiento, k.codigo_movimiento) as id, v.xml_op2 as viva, k.xml_op2 as guardada
        from (${filasVivasLineasSql()}) v full join reporte_lineas_fila k on k.codigo_movimiento = v.codigo_movimiento
        where (${FILTRO('v').replace('.xml', '.xml_op2')}, v.xml_op4, v.lineas)
          is distinct from (${FILTRO('k').replace('.xml', '.xml_op2')}, k.xml_op4, k.lineas)`),
    ),
  );
  return [...op1, ...op3, ...lineas];
}
/** The three tables of kept rows, to see that a change renewed something. */
const todas = async () =>
  JSON.stringify([
    filasDe(await e.db.execute(sql`select * from reporte_op1_fila order by 1`)),
    filasDe(await e.db.execute(sql`select * from reporte_op3_fila order by 1`)),
    filasDe(await e.db.execute(sql`select * from reporte_lineas_fila order by 1`)),
  ]);
/** An order's kept op2 lines as stored: their repeated texts are shared strings (`<c t="s"><v>codigo</v></c>`). */
const lineasComoEstan = async (id: number) =>
  String(
    filasDe(await e.db.execute(sql`select xml_op2 from reporte_lineas_fila where codigo_movimiento = ${id}`))[0]
      ?.xml_op2 ?? '',
  );
/** An order's kept op2 lines, each shared string written in as a text cell (to read them; not escaped). */
const lineasGuardadas = async (id: number) => {
  const textos = new Map(
    filasDe(await e.db.execute(sql`select codigo, texto from reporte_texto`)).map((r) => [
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
  Number(filasDe(await e.db.execute(sql`select count(*) as n from reporte_op1_fila`))[0]?.n);
const guardada = async (id: number) =>
  String(
    filasDe(await e.db.execute(sql`select xml from reporte_op1_fila where codigo_movimiento = ${id}`))[0]?.xml ?? '',
  );

describe('op1 rows kept as the orders are saved', () => {
  it('are the migration the code generates (a change of the report needs a new migration)', async () => {
    // 0025 made the tables, functions and triggers; a later rendering's migration ends with the functions alone.
    const leer = (nombre: string) => readFileSync(resolve(CARPETA_MIGRACIONES, nombre), 'utf8');
    const ultima = readdirSync(CARPETA_MIGRACIONES)
      .filter((n) => n.endsWith('.sql') && leer(n).includes('FUNCTION reporte_filas_renovar'))
      .sort()
      .at(-1) as string;
    expect(ultima >= '0026').toBe(true);
    expect(leer(ultima).endsWith(sqlFuncionesFilasMantenidas())).toBe(true);
    const enBase = new Map(
      filasDe(
        await e.db.execute(sql`select proname, prosrc from pg_proc where proname like 'reporte\_filas\_%' order by 1`),
      ).map((r) => [String(r.proname), String(r.prosrc)]),
    );
    const codigo = funcionesFilasMantenidas();
    expect([...enBase.keys()].sort()).toEqual(Object.keys(codigo).sort());
    for (const [nombre, texto] of Object.entries(codigo)) {
      const cuerpo = texto.slice(texto.indexOf('$$') + 2, texto.lastIndexOf('$$'));
      expect(enBase.get(nombre), nombre).toBe(cuerpo);
    }
  });

  it('one per order, each the row the report renders, with U+0001 for its sheet row number', async () => {
    const ordenes = await e.db.select({ id: movimiento.codigoMovimiento }).from(movimiento);
    expect(ordenes.length).toBeGreaterThan(3);
    expect(await contarGuardadas()).toBe(ordenes.length);
    expect(await distintas()).toEqual([]);
    const fila = await guardada(datos.m1.codigoMovimiento);
    expect(fila.startsWith('<row r="\u0001"><c r="A\u0001" t="str"><v>IMPORTADORA ANDINA')).toBe(true);
    // Column Q (first weighing) after P, which is written: no reference of its own.
    expect(fila).toContain('<c s="5"><v>0.4028935185185185</v></c><c s="2"><v>23000.5</v></c>');
  });

  it('op2 and op4: one row per order, its lines each U+0001 and the cells after the N°, none naming a reference', async () => {
    const ordenes = await e.db.select({ id: movimiento.codigoMovimiento }).from(movimiento);
    const [n] = filasDe(
      await e.db.execute(sql`select count(*)::int as filas, sum(lineas)::int as lineas from reporte_lineas_fila`),
    );
    const [lineas] = filasDe(await e.db.execute(sql`select count(*)::int as n from movimiento_detalle`));
    expect(n).toEqual({ filas: ordenes.length, lineas: lineas?.n });
    expect(Number(lineas?.n)).toBeGreaterThan(2);
    // Its texts that repeat from line to line are shared strings: the month, the company, the product…
    const tal = await lineasComoEstan(datos.m1.codigoMovimiento);
    expect(tal).not.toContain('MARZO 2026');
    expect(tal).not.toContain('IMPORTADORA');
    expect(
      tal
        .split('\u0001')
        .slice(1)
        .every((l) => /^<c t="s"><v>\d+<\/v><\/c><c s="4">/.test(l)),
    ).toBe(true);
    // … but not the order's code or a document's number, which would make the dictionary as long as the orders.
    expect(tal).toMatch(/<c t="str"><v>[^<]+<\/v><\/c><c t="s">/);
    const m1 = await lineasGuardadas(datos.m1.codigoMovimiento);
    const partes = m1.split('\u0001');
    expect(partes[0]).toBe('');
    // Its month first (column B), then the entry date.
    expect(
      partes.slice(1).every((l) => /^<c t="str"><v>MARZO 2026<\/v><\/c><c s="4"><v>\d+<\/v><\/c>.*<\/row>$/.test(l)),
    ).toBe(true);
    expect(m1).not.toMatch(/ r="/);
    // An order without product lines keeps a row with none.
    const sinLineas = filasDe(
      await e.db.execute(sql`select lineas, xml_op2, xml_op4 from reporte_lineas_fila k
        where not exists (select 1 from movimiento_detalle d where d.codigo_movimiento = k.codigo_movimiento) limit 1`),
    );
    expect(sinLineas).toEqual([{ lineas: 0, xml_op2: '', xml_op4: '' }]);
  });

  it('are analyzed without their XML (never filtered or sorted by, and most of the sample ANALYZE reads)', async () => {
    for (const tabla of ['reporte_op1_fila', 'reporte_op3_fila', 'reporte_lineas_fila']) {
      await e.db.execute(sql.raw(`analyze ${tabla}`));
      const columnas = filasDe(
        await e.db.execute(sql`select attname as c from pg_stats where tablename = ${tabla} order by 1`),
      ).map((f) => f.c);
      expect(columnas).toContain('fecha_ingreso');
      expect(columnas.filter((c) => String(c).startsWith('xml'))).toEqual([]);
    }
  });

  it('follow every change the report shows, and only those', async () => {
    const { m1, m2, m3, a } = datos;
    const pasos: [string, () => Promise<unknown>][] = [
      [
        'order fields',
        () =>
          e.db
            .update(movimiento)
            .set({ numeroTicket: 'T-77', placaDos: 'XYZ-987' })
            .where(eq(movimiento.codigoMovimiento, m2.codigoMovimiento)),
      ],
      [
        'order state',
        () =>
          e.db
            .update(movimiento)
            .set({ codigoEstadoMovimiento: 4 })
            .where(eq(movimiento.codigoMovimiento, m3.codigoMovimiento)),
      ],
      [
        'weighing saved',
        () =>
          e.db.insert(controlMovimiento).values({
            codigoMovimiento: m3.codigoMovimiento,
            codigoTipoControl: 2,
            estadoDesde: 2,
            codigoUsuarioRegistro: 1,
            codigoTipoBalanza: 1,
            peso: '9100.25',
            fechaRegistro: new Date('2026-03-15T09:00:00-05:00'),
          }),
      ],
      [
        'weighing corrected',
        () =>
          e.db
            .update(controlMovimiento)
            .set({ pesoNeto: '11111.5' })
            .where(
              and(
                eq(controlMovimiento.codigoMovimiento, m1.codigoMovimiento),
                eq(controlMovimiento.codigoTipoControl, 4),
              ),
            ),
      ],
      [
        'verification corrected',
        () =>
          e.db
            .update(verificacion)
            .set({ numeroBultosVerificado: 41 })
            .where(and(eq(verificacion.codigoMovimiento, m1.codigoMovimiento), eq(verificacion.codigoTipoControl, 3))),
      ],
      [
        'verification removed',
        () =>
          e.db
            .delete(verificacion)
            .where(and(eq(verificacion.codigoMovimiento, m1.codigoMovimiento), eq(verificacion.codigoTipoControl, 3))),
      ],
      [
        'document added',
        () =>
          e.db.insert(movimientoDocumento).values({
            codigoMovimiento: m2.codigoMovimiento,
            codigoTipoDocumento: '5',
            numeroDocumento: '118-2026-40-000777',
            ruc: '20100070970',
            razonSocial: 'EXPORTADORA <NORTE> & CIA',
            fechaRegistro: new Date(),
          }),
      ],
      [
        'document renumbered',
        () =>
          e.db
            .update(movimientoDocumento)
            .set({ numeroDocumento: '=F002-8' })
            .where(eq(movimientoDocumento.codigoMovimiento, m3.codigoMovimiento)),
      ],
      [
        'document removed',
        () =>
          e.db
            .delete(movimientoDocumento)
            .where(
              and(
                eq(movimientoDocumento.codigoMovimiento, m2.codigoMovimiento),
                eq(movimientoDocumento.codigoTipoDocumento, '5'),
              ),
            ),
      ],
      [
        'product line corrected',
        () =>
          e.db
            .update(movimientoDetalle)
            .set({ cantidad: '7' })
            .where(eq(movimientoDetalle.codigoMovimiento, m1.codigoMovimiento)),
      ],
      [
        'product line of another product',
        () =>
          e.db
            .update(movimientoDetalle)
            .set({ codigoCatalogoUsuario: datos.productos.tv.codigoCatalogoUsuario })
            .where(eq(movimientoDetalle.codigoMovimiento, m2.codigoMovimiento)),
      ],
      [
        'product described anew',
        () =>
          e.db
            .update(catalogoUsuario)
            .set({ descripcion: 'TELEVISOR OLED 55 PULGADAS', numeroPartida: '8528729000' })
            .where(eq(catalogoUsuario.codigoCatalogoUsuario, datos.productos.tv.codigoCatalogoUsuario)),
      ],
      [
        'order origin and route corrected',
        () =>
          e.db
            .update(movimiento)
            .set({ paisProcedencia: 'US', codigoVia: '4', fechaRegistro: new Date('2026-03-09T10:00:00-05:00') })
            .where(eq(movimiento.codigoMovimiento, m1.codigoMovimiento)),
      ],
      [
        'country renamed',
        () =>
          e.db
            .update(parametroSeccion)
            .set({ nombre: 'ESTADOS UNIDOS DE AMÉRICA' })
            .where(and(eq(parametroSeccion.codigoParametro, PARAMETRO.pais), eq(parametroSeccion.codigo, 'US'))),
      ],
      [
        'company RUC corrected',
        () =>
          e.db
            .update(empresaUsuario)
            .set({ ruc: '20600000001' })
            .where(eq(empresaUsuario.codigoEmpresaUsuario, a.codigoEmpresaUsuario)),
      ],
      [
        'company renamed',
        () =>
          e.db
            .update(empresaUsuario)
            .set({ razonSocial: 'IMPORTADORA ANDINA DEL SUR S.A.C.' })
            .where(eq(empresaUsuario.codigoEmpresaUsuario, a.codigoEmpresaUsuario)),
      ],
      [
        'operation type renamed',
        () =>
          e.db
            .update(parametroSeccion)
            .set({ nombre: 'INGRESO A ZONA' })
            .where(
              and(eq(parametroSeccion.codigoParametro, PARAMETRO.tipoOperacion), eq(parametroSeccion.codigo, '1')),
            ),
      ],
      [
        'document type renamed',
        () =>
          e.db
            .update(parametroSeccion)
            .set({ nombre: 'DAM DE IMPORTACIÓN' })
            .where(
              and(
                eq(parametroSeccion.codigoParametro, PARAMETRO.tipoDocumentoMovimiento),
                eq(parametroSeccion.codigo, '4'),
              ),
            ),
      ],
      [
        'order annulled',
        () =>
          e.db.update(movimiento).set({ estadoAnulado: 1 }).where(eq(movimiento.codigoMovimiento, m3.codigoMovimiento)),
      ],
      [
        'order annulment undone, its entry date corrected',
        () =>
          e.db
            .update(movimiento)
            .set({ estadoAnulado: 0, fechaIngreso: new Date('2026-03-16T08:00:00-05:00') })
            .where(eq(movimiento.codigoMovimiento, m3.codigoMovimiento)),
      ],
      [
        'order registered',
        () =>
          e.db.execute(sql`insert into movimiento (codigo_ingreso, numero_ticket, codigo_tipo_ingreso, codigo_tipo_operacion,
              codigo_empresa_usuario, codigo_empresa_almacen, fecha_ingreso, codigo_usuario_registro)
            select 'OP-NUEVA-1', 'T-1', codigo_tipo_ingreso, codigo_tipo_operacion, codigo_empresa_usuario, codigo_empresa_almacen,
              fecha_ingreso, codigo_usuario_registro from movimiento where codigo_movimiento = ${m2.codigoMovimiento}`),
      ],
    ];
    for (const [paso, cambiar] of pasos) {
      const antes = await todas();
      await cambiar();
      const despues = await todas();
      expect(despues, `${paso}: the kept rows changed`).not.toBe(antes);
      expect(await distintas(), paso).toEqual([]);
    }
    expect(await guardada(m1.codigoMovimiento)).toContain('IMPORTADORA ANDINA DEL SUR S.A.C.');
    const lineasM1 = await lineasGuardadas(m1.codigoMovimiento);
    expect(lineasM1).toContain('TELEVISOR OLED 55 PULGADAS');
    expect(await lineasGuardadas(m2.codigoMovimiento)).toContain('TELEVISOR OLED 55 PULGADAS');
    expect(lineasM1).toContain('ESTADOS UNIDOS DE AMÉRICA');
    // Every renewal above added only the texts the dictionary did not hold: no gaps in it (an insert that finds its
    // text there still takes a number, and each renewal would leave a row of blanks in every export's table).
    const [dic] = filasDe(
      await e.db.execute(sql`select count(*)::int as n, max(codigo)::int as ultimo from reporte_texto`),
    );
    expect(Number(dic?.n)).toBeGreaterThan(10);
    expect(dic?.ultimo).toBe(Number(dic?.n) - 1);

    // A change no kept report shows (the dashboard's stage date, a parameter of another group) rewrites nothing.
    const version = async () =>
      String(
        filasDe(
          await e.db.execute(
            sql`select xmin::text as v from reporte_op1_fila where codigo_movimiento = ${m1.codigoMovimiento}`,
          ),
        )[0]?.v,
      );
    const v0 = await version();
    await e.db
      .update(movimiento)
      .set({ fechaEtapa: new Date() })
      .where(eq(movimiento.codigoMovimiento, m1.codigoMovimiento));
    await e.db
      .update(parametroSeccion)
      .set({ nombre: 'OTRO NOMBRE' })
      .where(eq(parametroSeccion.codigoParametro, PARAMETRO.tipoVehiculo));
    expect(await version()).toBe(v0);
    expect(await distintas()).toEqual([]);
  });

  it('are filled after the start for orders that predate them, without overwriting newer ones', async () => {
    const total = Number(filasDe(await e.db.execute(sql`select max(codigo_movimiento) as n from movimiento`))[0]?.n);
    // An annulled order is filled too (after the others: the batches read the index of the orders not annulled).
    await e.db
      .update(movimiento)
      .set({ estadoAnulado: 1 })
      .where(eq(movimiento.codigoMovimiento, datos.m3.codigoMovimiento));
    await e.db.execute(sql`delete from reporte_op1_fila`);
    await e.db.execute(sql`delete from reporte_lineas_fila`);
    await e.db.execute(
      sql`update reporte_mantenido set avance_fecha = '-infinity', avance_id = 0, pendiente_hasta = ${total}::int, completo = false
        where nombre in ('filas', 'lineas')`,
    );
    // An order saved meanwhile has its row from the trigger; filling leaves it as it is.
    await e.db
      .update(movimiento)
      .set({ numeroTicket: 'T-99' })
      .where(eq(movimiento.codigoMovimiento, datos.m4.codigoMovimiento));
    expect(await contarGuardadas()).toBe(1);
    // In the report's order (so the rows lie in the table as the export reads them): one batch of two fills the
    // first two orders by entry date.
    let pasos = 0;
    expect(await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0, detener: () => pasos++ >= 1 })).toBe(2);
    const primeras = filasDe(
      await e.db.execute(
        sql`select codigo_movimiento as id from movimiento where estado_anulado = 0 order by fecha_ingreso, codigo_movimiento limit 2`,
      ),
    ).map((r) => Number(r.id));
    const guardadas = filasDe(await e.db.execute(sql`select codigo_movimiento as id from reporte_op1_fila`)).map((r) =>
      Number(r.id),
    );
    expect(guardadas.sort()).toEqual([...new Set([...primeras, datos.m4.codigoMovimiento])].sort());
    // Then op1's and op3's rows of the other orders, and op2's and op4's lines of every order (the batches count the
    // order the trigger wrote, which they leave as it is).
    const llenadas = await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0 });
    expect(llenadas).toBe(total - 2 + total);
    expect(await distintas()).toEqual([]);
    const estado = filasDe(
      await e.db.execute(
        sql`select nombre, completo from reporte_mantenido where nombre in ('filas', 'lineas') order by 1`,
      ),
    );
    expect(estado).toEqual([
      { nombre: 'filas', completo: true },
      { nombre: 'lineas', completo: true },
    ]);

    expect(await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0 })).toBe(0);
    await e.db
      .update(movimiento)
      .set({ estadoAnulado: 0 })
      .where(eq(movimiento.codigoMovimiento, datos.m3.codigoMovimiento));
  });

  it('two transactions changing one order at once: the row kept is the one with both changes', async () => {
    const pool = e.base.pool;
    const id = datos.m1.codigoMovimiento;
    const uno = pool ? await pool.connect() : null;
    const dos = pool ? await pool.connect() : null;
    if (!uno || !dos) {
      // The embedded database runs one transaction at a time: the same two changes one after the other.
      await e.db.execute(
        sql`update movimiento_documento set numero_documento = 'F002-1000' where codigo_movimiento = ${id}`,
      );
      await e.db.execute(
        sql`update control_movimiento set peso = 15432.5 where codigo_movimiento = ${id} and codigo_tipo_control = 2`,
      );
    } else {
      try {
        await uno.query('begin');
        await dos.query('begin');
        await uno.query('update movimiento_documento set numero_documento = $1 where codigo_movimiento = $2', [
          'F002-1000',
          id,
        ]);
        // The second changes another row of the order (no wait of its own): its trigger waits for the first's lock on
        // the order, then renders it with the first's change.
        const segundo = dos.query(
          'update control_movimiento set peso = $1 where codigo_movimiento = $2 and codigo_tipo_control = 2',
          ['15432.5', id],
        );
        await new Promise((listo) => setTimeout(listo, 200));
        await uno.query('commit');
        await segundo;
        await dos.query('commit');
      } finally {
        uno.release();
        dos.release();
      }
    }
    const fila = await guardada(id);
    expect(fila).toContain('F002-1000');
    expect(fila).toContain('<c s="2"><v>23433</v></c>');
    expect(await distintas()).toEqual([]);
  });
});
