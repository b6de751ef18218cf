import { PARAMETRO } from '@cronos/contract';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { filasMantenidasDe } from '../../../test/filas-mantenidas';
import { sembrarDatosReporte } from '../../../test/reportes';
import { CARPETA_DEFINICIONES } from '../../db/migrar';
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
import { funcionesFilasMantenidas, sqlFuncionesFilasMantenidas } from './filas-mantenidas.repository';

let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
});
afterAll(async () => e.cerrar());
const { distintas, todas, lineasComoEstan, lineasGuardadas, contarGuardadas, guardada } = filasMantenidasDe(() => e);

describe('op1 rows kept as the orders are saved', () => {
  it('are the definitions the code generates (a change of the report is a change of db/definiciones/reporte-filas.sql)', async () => {
    // 0025 made the tables, functions and triggers and the later renderings' migrations re-issued the functions; they
    // are now defined once, in db/definiciones, and applied when that file changes (db/migrar.ts).
    const definicion = readFileSync(resolve(CARPETA_DEFINICIONES, 'reporte-filas.sql'), 'utf8');
    expect(definicion.endsWith(sqlFuncionesFilasMantenidas())).toBe(true);
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
    const [n4] = filasDe(
      await e.db.execute(sql`select count(*)::int as filas, sum(lineas)::int as lineas from reporte_lineas_op4_fila`),
    );
    expect(n4).toEqual(n);
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
      await e.db.execute(sql`select k.lineas, xml_op2, xml_op4 from reporte_lineas_fila k
          join reporte_lineas_op4_fila k4 using (codigo_movimiento)
        where not exists (select 1 from movimiento_detalle d where d.codigo_movimiento = k.codigo_movimiento) limit 1`),
    );
    expect(sinLineas).toEqual([{ lineas: 0, xml_op2: '', xml_op4: '' }]);
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
});
