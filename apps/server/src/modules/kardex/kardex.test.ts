import { fechaLima, MENSAJES_KARDEX } from '@cronos/contract';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { kardex, lote, movimientoDetalle, movimientoDocumento, saldoProducto } from '../../db/schema';
import {
  acreditarLote,
  ajustarLote,
  consumirReservasMovimiento,
  liberarReservas,
  reservarLote,
} from '../inventario/lotes';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let usuarioA: Sesion;
let usuarioB: Sesion;
let operador: Sesion;
let empresaA: number;
let empresaB: number;
let almacenA: number;
let producto: number;
let lote1: number;
let lote2: number;
let salida1: Awaited<ReturnType<ReturnType<typeof fabricaEtapas>['crearMovimiento']>>;

const kardexDe = async (s: Sesion, q: string) => {
  const r = await s.get(`/api/Almacen/ListarKardex?${q}`);
  return { r, filas: r.json().data as Record<string, number | string | null>[] };
};

/** An exit order with one line of `producto` (the factory makes new products; this reuses ours). */
async function lineaSalida(cantidad: number) {
  const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresaA, codigoTipoOperacion: 2, lineas: [{ cantidad }] });
  const [d] = await e.db
    .update(movimientoDetalle)
    .set({ codigoCatalogoUsuario: producto })
    .where(eq(movimientoDetalle.codigoMovimientoDetalle, m.lineas[0]?.codigoMovimientoDetalle ?? 0))
    .returning();
  if (!d) throw new Error('detalle');
  return { m, d };
}

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresaA = (await e.crearEmpresa()).codigoEmpresaUsuario;
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  usuarioA = await e.sesion(8, empresaA);
  usuarioB = await e.sesion(8, empresaB);
  operador = await e.sesion(2, 1);

  // Entry 1: 10 units at FOB 5.00; entry 2: 6 units at FOB 8.00 (two orders, two lots of one product).
  const ingreso1 = await f.crearMovimiento({ codigoEmpresaUsuario: empresaA, lineas: [{ cantidad: 10 }] });
  const l1 = ingreso1.lineas[0];
  if (!l1) throw new Error('linea');
  producto = l1.codigoCatalogoUsuario;
  almacenA = ingreso1.codigoEmpresaAlmacen as number;
  await e.db
    .update(movimientoDetalle)
    .set({ valorFOB: '5' })
    .where(eq(movimientoDetalle.codigoMovimientoDetalle, l1.codigoMovimientoDetalle));
  const ingreso2 = await f.crearMovimiento({ codigoEmpresaUsuario: empresaA, lineas: [{ cantidad: 6 }] });
  const l2 = ingreso2.lineas[0];
  if (!l2) throw new Error('linea');
  await e.db
    .update(movimientoDetalle)
    .set({ valorFOB: '8', codigoCatalogoUsuario: producto })
    .where(eq(movimientoDetalle.codigoMovimientoDetalle, l2.codigoMovimientoDetalle));

  await e.db.transaction(async (tx) => {
    lote1 = await acreditarLote(tx, {
      codigoEmpresaAlmacen: almacenA,
      codigoCatalogoUsuario: producto,
      codigoMovimientoDocumento: ingreso1.documento.codigoMovimientoDocumento,
      numeroDocumento: ingreso1.documento.numeroDocumento,
      cantidad: 10,
      codigoMovimiento: ingreso1.codigoMovimiento,
      codigoMovimientoDetalle: l1.codigoMovimientoDetalle,
      usuarioRegistro: 'verificador',
    });
  });
  await e.db.transaction(async (tx) => {
    lote2 = await acreditarLote(tx, {
      codigoEmpresaAlmacen: almacenA,
      codigoCatalogoUsuario: producto,
      codigoMovimientoDocumento: ingreso2.documento.codigoMovimientoDocumento,
      numeroDocumento: ingreso2.documento.numeroDocumento,
      cantidad: 6,
      codigoMovimiento: ingreso2.codigoMovimiento,
      codigoMovimientoDetalle: l2.codigoMovimientoDetalle,
      usuarioRegistro: 'verificador',
    });
  });

  // Exit order 1 reserves 4 of lot 1; exit order 2 reserves 3 of lot 2 and then drops its line (release).
  const s1 = await lineaSalida(4);
  salida1 = s1.m;
  const s2 = await lineaSalida(3);
  await e.db.transaction(async (tx) => {
    const base = { codigoCatalogoUsuario: producto, codigoEmpresaAlmacen: almacenA };
    await reservarLote(tx, {
      ...base,
      codigoLote: lote1,
      cantidad: 4,
      codigoMovimientoDetalle: s1.d.codigoMovimientoDetalle,
    });
    await reservarLote(tx, {
      ...base,
      codigoLote: lote2,
      cantidad: 3,
      codigoMovimientoDetalle: s2.d.codigoMovimientoDetalle,
    });
  });
});
afterAll(async () => {
  await e.cerrar();
});

describe('kardex: the ledger and its arithmetic', () => {
  it('the lot picker shows on-hand minus reserved; a reservation writes no ledger entry', async () => {
    const r = await usuarioA.get(
      `/api/Almacen/ConsultarKardexStockCodigoCatalogo?CodigoCatalogoUsuario=${producto}&CodigoEmpresaAlmacen=${almacenA}`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const libres = Object.fromEntries(
      (r.json().data as { codigoLote: number; cantidadStock: number }[]).map((l) => [l.codigoLote, l.cantidadStock]),
    );
    expect(libres).toEqual({ [lote1]: 6, [lote2]: 3 });
    const { filas } = await kardexDe(usuarioA, `CodigoCatalogoUsuario=${producto}`);
    expect(filas.map((x) => x.saldo)).toEqual([10, 16]);
  });

  it('entry, reservation, release, exit and adjustment: each saldo = previous + in − out, valued at weighted average', async () => {
    // Release exit 2's reservation: lot 2 is free again.
    const reservadas = await e.db.select().from(lote).where(eq(lote.codigoLote, lote2));
    expect(Number(reservadas[0]?.cantidadReservada)).toBe(3);
    const detalle2 = await e.db
      .select({ id: movimientoDetalle.codigoMovimientoDetalle })
      .from(movimientoDetalle)
      .innerJoin(
        movimientoDocumento,
        eq(movimientoDocumento.codigoMovimientoDocumento, movimientoDetalle.codigoMovimientoDocumento),
      )
      .where(eq(movimientoDetalle.codigoCatalogoUsuario, producto));
    const ids = detalle2.map((d) => d.id).filter((id) => id !== salida1.lineas[0]?.codigoMovimientoDetalle);
    await e.db.transaction((tx) => liberarReservas(tx, ids));
    const [l2] = await e.db.select().from(lote).where(eq(lote.codigoLote, lote2));
    expect(Number(l2?.cantidadReservada)).toBe(0);

    // Exit control of exit 1: 4 units leave lot 1 at the average cost (10×5 + 6×8) / 16 = 6.125.
    await e.db.transaction((tx) => consumirReservasMovimiento(tx, salida1.codigoMovimiento, 'seguridad'));
    // A count finds 2 units fewer in lot 1 and one more in lot 2.
    await e.db.transaction(async (tx) => {
      expect(await ajustarLote(tx, { codigoLote: lote1, diferencia: -2, codigoConteo: 7, usuarioRegistro: 'op' })).toBe(
        true,
      );
      expect(await ajustarLote(tx, { codigoLote: lote2, diferencia: 1, codigoConteo: 7, usuarioRegistro: 'op' })).toBe(
        true,
      );
    });

    const { r, filas } = await kardexDe(usuarioA, `CodigoCatalogoUsuario=${producto}&limit=50`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().meta).toEqual({ total: 5, current_page: 1, per_page: 50 });
    expect(filas.map((x) => [x.tipoOperacion, x.entrada, x.salida, x.saldo])).toEqual([
      ['02', 10, 0, 10],
      ['02', 6, 0, 16],
      ['01', 0, 4, 12],
      ['99', 0, 2, 10],
      ['99', 1, 0, 11],
    ]);
    let previo = 0;
    for (const x of filas) {
      expect(x.saldo).toBe(previo + Number(x.entrada) - Number(x.salida));
      expect(Number(x.saldo)).toBeGreaterThanOrEqual(0);
      previo = Number(x.saldo);
    }
    // Valued: 50 → 98 (avg 6.125) → 98 − 24.5 = 73.5 → 73.5 − 12.25 = 61.25 → + 6.125 = 67.375.
    expect(filas.map((x) => [x.costoUnitario, x.saldoValor])).toEqual([
      [5, 50],
      [8, 98],
      [6.125, 73.5],
      [6.125, 61.25],
      [6.125, 67.375],
    ]);
    expect(filas[2]).toMatchObject({
      codigoIngreso: salida1.codigoIngreso,
      codigoMovimiento: salida1.codigoMovimiento,
      valorSalida: 24.5,
    });
    expect(filas[0]).toMatchObject({ numeroDocumento: expect.stringMatching(/^F001-/), tipoDocumento: '1' });
    expect(filas[3]).toMatchObject({ numeroDocumento: 'CONTEO-7', codigoConteo: 7 });

    // The kept balance equals the lots' stock.
    const [s] = await e.db.select().from(saldoProducto).where(eq(saldoProducto.codigoCatalogoUsuario, producto));
    const lotes = await e.db.select().from(lote).where(eq(lote.codigoCatalogoUsuario, producto));
    expect(Number(s?.cantidad)).toBe(lotes.reduce((t, l) => t + Number(l.cantidadStock), 0));
    expect(Number(s?.cantidad)).toBe(11);

    // By lot: the lot's own balance; newest first; paging.
    const porLote = await kardexDe(usuarioA, `CodigoCatalogoUsuario=${producto}&CodigoLote=${lote1}`);
    expect(porLote.filas.map((x) => x.saldo)).toEqual([10, 6, 4]);
    const desc = await kardexDe(usuarioA, `CodigoCatalogoUsuario=${producto}&Orden=desc&limit=2&PageNumber=2`);
    expect(desc.filas.map((x) => x.saldo)).toEqual([12, 16]);
  });

  it('paging: every page in either order is the slice of the whole ledger, with the count of the filter', async () => {
    // A product of 23 entries over two days (two lots adjusted down): far pages are read from the other end.
    const empresaC = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const usuarioC = await e.sesion(8, empresaC);
    const primero = await f.crearLote(empresaC, 1);
    const p = primero.codigoCatalogoUsuario;
    const lotes = [primero.codigoLote];
    await e.db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++) {
        lotes.push(
          await acreditarLote(tx, {
            codigoEmpresaAlmacen: primero.codigoEmpresaAlmacen,
            codigoCatalogoUsuario: p,
            codigoMovimientoDocumento: null,
            numeroDocumento: `INICIAL-${i}`,
            cantidad: i + 1,
            fecha: new Date(i < 10 ? '2026-03-10T15:00:00Z' : '2026-03-12T15:00:00Z'),
          }),
        );
      }
      for (const l of [lotes[3], lotes[15]]) {
        await ajustarLote(tx, { codigoLote: l as number, diferencia: -1, codigoConteo: 8, usuarioRegistro: 'op' });
      }
    });
    const referencia = async (extra: ReturnType<typeof sql>) =>
      (
        await e.db
          .select({ id: kardex.codigoKardex })
          .from(kardex)
          .where(sql`${kardex.codigoCatalogoUsuario} = ${p} and ${extra}`)
          .orderBy(asc(kardex.codigoKardex))
      ).map((x) => x.id);
    const casos: [string, number[]][] = [
      ['', await referencia(sql`true`)],
      [`&CodigoLote=${lotes[15]}`, await referencia(sql`${kardex.codigoLote} = ${lotes[15]}`)],
      [
        '&DesdeFecha=2026-03-11&HastaFecha=2026-03-12',
        await referencia(sql`${kardex.fecha} >= '2026-03-11T05:00:00Z' and ${kardex.fecha} < '2026-03-13T05:00:00Z'`),
      ],
    ];
    expect(casos.map(([, ids]) => ids.length)).toEqual([23, 2, 10]);
    for (const [filtro, ids] of casos) {
      for (const orden of ['asc', 'desc'] as const) {
        const todas = orden === 'asc' ? ids : [...ids].reverse();
        for (const limite of [3, 7]) {
          for (let pagina = 1; pagina <= Math.ceil(ids.length / limite) + 1; pagina++) {
            const { r, filas } = await kardexDe(
              usuarioC,
              `CodigoCatalogoUsuario=${p}${filtro}&Orden=${orden}&limit=${limite}&PageNumber=${pagina}`,
            );
            expect(r.statusCode, r.body).toBe(200);
            expect(r.json().meta).toEqual({ total: ids.length, current_page: pagina, per_page: limite });
            expect(
              filas.map((x) => x.codigoKardex),
              `${filtro} ${orden} ${limite} ${pagina}`,
            ).toEqual(todas.slice((pagina - 1) * limite, pagina * limite));
          }
        }
      }
    }
    // The balances are the ones kept when written, whichever end a page is read from.
    const ultima = await kardexDe(usuarioC, `CodigoCatalogoUsuario=${p}&limit=5&PageNumber=5`);
    expect(ultima.filas.map((x) => x.saldo)).toEqual([211, 210, 209]);
  });

  it('filters by Lima dates', async () => {
    const hoy = await kardexDe(
      usuarioA,
      `CodigoCatalogoUsuario=${producto}&DesdeFecha=2020-01-01&HastaFecha=2020-12-31`,
    );
    expect(hoy.r.statusCode).toBe(200);
    expect(hoy.filas).toEqual([]);
    const mal = await usuarioA.get(
      `/api/Almacen/ListarKardex?CodigoCatalogoUsuario=${producto}&DesdeFecha=2026-02-01&HastaFecha=2026-01-01`,
    );
    expect(mal.statusCode).toBe(422);
    expect(mal.json().errors.HastaFecha[0]).toBe('La fecha inicial no puede ser posterior a la fecha final');
  });

  it('concurrent adjustments never take a balance below zero', async () => {
    const l = await f.crearLote(empresaA, 5);
    const intentos = await Promise.all(
      Array.from({ length: 12 }, () =>
        e.db
          .transaction((tx) =>
            ajustarLote(tx, { codigoLote: l.codigoLote, diferencia: -1, codigoConteo: 9, usuarioRegistro: 'op' }),
          )
          .catch(() => false),
      ),
    );
    expect(intentos.filter(Boolean)).toHaveLength(5);
    const [final] = await e.db.select().from(lote).where(eq(lote.codigoLote, l.codigoLote));
    expect(Number(final?.cantidadStock)).toBe(0);
    const asientos = await e.db.select().from(kardex).where(eq(kardex.codigoLote, l.codigoLote));
    expect(asientos.map((a) => Number(a.saldoProducto)).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('the ledger is append-only: an entry can be neither edited nor deleted', async () => {
    await expect(
      e.db.update(kardex).set({ cantidad: '1' }).where(eq(kardex.codigoCatalogoUsuario, producto)),
    ).rejects.toThrow();
    await expect(e.db.delete(kardex).where(eq(kardex.codigoCatalogoUsuario, producto))).rejects.toThrow();
  });
});

describe('kardex: tenancy and bad input', () => {
  it("another company's product or lot is a 404; the operator reads any company", async () => {
    expect((await kardexDe(usuarioB, `CodigoCatalogoUsuario=${producto}`)).r.statusCode).toBe(404);
    expect((await usuarioB.get(`/api/Almacen/ListarLotesProducto?CodigoCatalogoUsuario=${producto}`)).statusCode).toBe(
      404,
    );
    const otro = await f.crearLote(empresaB, 3);
    expect(
      (await kardexDe(usuarioA, `CodigoCatalogoUsuario=${producto}&CodigoLote=${otro.codigoLote}`)).r.statusCode,
    ).toBe(404);
    expect(
      (await kardexDe(operador, `CodigoCatalogoUsuario=${producto}&CodigoEmpresaUsuario=${empresaB}`)).r.statusCode,
    ).toBe(404);
    const op = await kardexDe(operador, `CodigoCatalogoUsuario=${producto}&CodigoEmpresaUsuario=${empresaA}`);
    expect(op.r.statusCode).toBe(200);
    expect(op.filas.length).toBeGreaterThan(0);
    // The product filter lists only the user's own products, whatever company is asked for.
    const propios = (await usuarioB.get(`/api/Almacen/ListarProductosKardex?CodigoEmpresaUsuario=${empresaA}`)).json()
      .data;
    expect(propios.every((p: { codigoCatalogoUsuario: number }) => p.codigoCatalogoUsuario !== producto)).toBe(true);
    // Abrir conteo asks only for products with a balance: one without stock is left out there.
    const vacio = await f.crearLote(empresaB, 0);
    const codigos = async (q: string) =>
      (
        (await usuarioB.get(`/api/Almacen/ListarProductosKardex?${q}`)).json().data as {
          codigoCatalogoUsuario: number;
        }[]
      ).map((p) => p.codigoCatalogoUsuario);
    const todos = await codigos('CodigoEmpresaUsuario=-1');
    expect(todos).toContain(otro.codigoCatalogoUsuario);
    expect(todos).toContain(vacio.codigoCatalogoUsuario);
    const conStock = await codigos('CodigoEmpresaUsuario=-1&SoloConStock=true');
    expect(conStock).toContain(otro.codigoCatalogoUsuario);
    expect(conStock).not.toContain(vacio.codigoCatalogoUsuario);
  });

  it('a missing product is a field error in Spanish', async () => {
    const r = await usuarioA.get('/api/Almacen/ListarKardex');
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.CodigoCatalogoUsuario[0]).toBe('Debe seleccionar un producto');
  });
});

describe('exports and stock by lot', () => {
  it('12.1 export: header block, the same rows as the screen, file named by RUC, period and product', async () => {
    // The entries were written at the database's clock: this month in Lima.
    const mes = fechaLima(new Date()).slice(0, 7);
    const r = await usuarioA.get(`/api/Almacen/ExportarKardexSunat?CodigoCatalogoUsuario=${producto}&Periodo=${mes}`);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    // The product has no internal code: its catalogue id names it.
    expect(r.headers['content-disposition']).toContain(`-${mes.replace('-', '')}-P${producto}.xlsx`);
    // A month or year that does not exist is refused on the period, never a 500 nor a message about the dates.
    for (const malo of ['2026-13', '2026-00', '0000', '2026-1']) {
      const m = await usuarioA.get(
        `/api/Almacen/ExportarKardexSunat?CodigoCatalogoUsuario=${producto}&Periodo=${malo}`,
      );
      expect(m.statusCode, malo).toBe(422);
      expect(m.json().errors, malo).toEqual({ Periodo: [MENSAJES_KARDEX.periodoInvalido] });
    }
    // Half a range is refused on the missing date (it gave this month's book whatever day it named).
    const sinFin = await usuarioA.get(
      `/api/Almacen/ExportarKardexSunat?CodigoCatalogoUsuario=${producto}&DesdeFecha=2026-01-01`,
    );
    expect(sinFin.statusCode).toBe(422);
    expect(sinFin.json().errors).toEqual({ HastaFecha: ['Indique la fecha final del rango'] });
    const sinInicio = await usuarioA.get(
      `/api/Almacen/ExportarKardexSunat?CodigoCatalogoUsuario=${producto}&HastaFecha=2026-01-31`,
    );
    expect(sinInicio.json().errors).toEqual({ DesdeFecha: ['Indique la fecha inicial del rango'] });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    const valores = (hoja?.getSheetValues() ?? []).filter(Boolean).map((f) => (f as unknown[]).slice(1));
    expect(String(valores[0]?.[0])).toContain('FORMATO 12.1');
    expect(valores.find((v) => v[0] === 'PERÍODO:')?.[1]).toBe(mes.replace('-', ''));
    const filas = valores.filter((v) => /^\d{2}\/\d{2}\/\d{4}$/.test(String(v[0])) && v[4] !== '16');
    expect(filas.map((v) => [v[4], v[5] ?? 0, v[6] ?? 0, v[7]])).toEqual([
      ['02', 10, 0, 10],
      ['02', 6, 0, 16],
      ['01', 0, 4, 12],
      ['99', 0, 2, 10],
      ['99', 1, 0, 11],
    ]);
    // Another company's product: 404.
    expect((await usuarioB.get(`/api/Almacen/ExportarKardexSunat?CodigoCatalogoUsuario=${producto}`)).statusCode).toBe(
      404,
    );
  });

  it('13.1 export of every product of the company', async () => {
    const r = await operador.get(
      `/api/Almacen/ExportarKardexSunat?CodigoEmpresaUsuario=${empresaA}&Periodo=${fechaLima(new Date()).slice(0, 4)}&Formato=13.1`,
    );
    expect(r.statusCode).toBe(200);
    // Every product's book names no product.
    expect(r.headers['content-disposition']).toMatch(/Kardex-\d{11}-\d{4}-valorizado\.xlsx/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const texto = JSON.stringify(libro.worksheets[0]?.getSheetValues());
    expect(texto).toContain('PROMEDIO PONDERADO');
    expect(texto).toContain('67.375');
  });

  it('stock by lot: other products (type 01) of the company with reserved and available, totals; finished products empty', async () => {
    const r = await usuarioA.get('/api/Almacen/ListarStockLotes?Tipo=otros&limit=50');
    expect(r.statusCode, r.body).toBe(200);
    const filas = r.json().data as {
      codigoLote: number;
      cantidadStock: number;
      cantidadDisponible: number;
      fobTotal: number;
    }[];
    expect(filas.find((x) => x.codigoLote === lote2)).toMatchObject({
      cantidadStock: 7,
      cantidadDisponible: 7,
      fobTotal: 56,
    });
    expect(r.json().totales.lotes).toBe(filas.length);
    const terminados = await usuarioA.get('/api/Almacen/ListarStockLotes?Tipo=terminados');
    expect(terminados.json().data).toEqual([]);
    const b = await usuarioB.get(`/api/Almacen/ListarStockLotes?Tipo=otros&CodigoEmpresaUsuario=${empresaA}`);
    expect(
      (b.json().data as { codigoEmpresaUsuario: number }[]).every((x) => x.codigoEmpresaUsuario === empresaB),
    ).toBe(true);
    const x = await usuarioA.get('/api/Almacen/ExportarStockLotes?Tipo=otros');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toMatch(/OtrosProductos-\d{8}\.xlsx/);
  });

  it('stock by lot sorts the whole list on the server: each page follows the last in the order asked, ties broken by lot', async () => {
    const empresaC = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const usuarioC = await e.sesion(8, empresaC);
    // Five lots of products named alike; three entered at the same instant (the same days in the zone).
    const creados: Awaited<ReturnType<typeof f.crearLote>>[] = [];
    for (const cantidad of [1, 2, 3, 4, 5]) creados.push(await f.crearLote(empresaC, cantidad));
    const [a, b, c, viejo, nuevo] = creados.map((l) => l.codigoLote) as [number, number, number, number, number];
    const entrada = async (codigoLote: number, instante: string) =>
      e.db
        .update(lote)
        .set({ fechaIngreso: new Date(instante) })
        .where(eq(lote.codigoLote, codigoLote));
    for (const l of [a, b, c]) await entrada(l, '2026-03-01T12:00:00Z');
    await entrada(viejo, '2026-01-01T12:00:00Z');
    await entrada(nuevo, '2026-05-01T12:00:00Z');
    const todas = async (ordenarPor: string, orden: string) => {
      const filas: number[] = [];
      for (let n = 1; n <= 3; n++) {
        const r = await usuarioC.get(
          `/api/Almacen/ListarStockLotes?Tipo=todos&limit=2&PageNumber=${n}&OrdenarPor=${ordenarPor}&Orden=${orden}`,
        );
        expect(r.statusCode, r.body).toBe(200);
        filas.push(...(r.json().data as { codigoLote: number }[]).map((x) => x.codigoLote));
      }
      return filas;
    };
    // Oldest first: the three of one instant in lot order, each once, across pages 1–3.
    expect(await todas('diasEnZona', 'desc')).toEqual([viejo, a, b, c, nuevo]);
    expect(await todas('diasEnZona', 'asc')).toEqual([nuevo, c, b, a, viejo]);
    // By product name, then the product: a name first in the alphabet leads, the rest keep their order.
    await e.db.execute(
      sql`update catalogo_usuario set descripcion = 'ACEITE' where codigo_catalogo_usuario = ${creados[4]?.codigoCatalogoUsuario}`,
    );
    expect(await todas('producto', 'asc')).toEqual([nuevo, a, b, c, viejo]);
    expect(await todas('producto', 'desc')).toEqual([viejo, c, b, a, nuevo]);
    // Only the columns the contract lists (no index orders balance × FOB), in Spanish, never SQL text.
    for (const columna of ['fobTotal', 'l.codigo_lote']) {
      const mala = await usuarioC.get(`/api/Almacen/ListarStockLotes?Tipo=todos&OrdenarPor=${columna}`);
      expect(mala.statusCode).toBe(422);
      expect(mala.json().errors.OrdenarPor).toEqual(['La lista no se puede ordenar por esa columna.']);
    }
  });
});

describe('inventory/control dashboard', () => {
  it('stock value by company, heading and age; near the permanence limit; each figure matches its list', async () => {
    const r = await operador.get(`/api/Almacen/TableroInventario?CodigoEmpresaUsuario=${empresaA}`);
    expect(r.statusCode, r.body).toBe(200);
    const t = r.json().data;
    // Lot 1: 10 − 4 − 2 = 4 at FOB 5; lot 2: 6 + 1 = 7 at FOB 8; the emptied lot is not stock.
    expect(t.total).toEqual({ lotes: 2, cantidadStock: 11, fobTotal: 76 });
    expect(t.porEmpresa).toEqual([
      { codigoEmpresaUsuario: empresaA, razonSocial: expect.any(String), lotes: 2, cantidadStock: 11, fobTotal: 76 },
    ]);
    expect(t.porPartida).toEqual([{ numeroPartida: '8517130000', lotes: 2, cantidadStock: 11, fobTotal: 76 }]);
    expect(t.porAntiguedad.map((a: { lotes: number }) => a.lotes)).toEqual([2, 0, 0, 0]);
    expect(t).toMatchObject({ limitePermanenciaDias: 180, avisoDias: 30, cercaLimite: { lotes: 0 } });
    // The list behind the first age bucket has the same lots; the 31–90 bucket none.
    const lista = await operador.get(
      `/api/Almacen/ListarStockLotes?Tipo=todos&CodigoEmpresaUsuario=${empresaA}&DiasMinimo=0&DiasMaximo=30`,
    );
    expect(lista.json().totales).toMatchObject({ lotes: 2, cantidadStock: 11, fobTotal: 76 });
    const viejos = await operador.get(
      `/api/Almacen/ListarStockLotes?Tipo=todos&CodigoEmpresaUsuario=${empresaA}&DiasMinimo=31&DiasMaximo=90`,
    );
    expect(viejos.json().totales.lotes).toBe(0);
    // 200 days later both lots are old and near (past) the 180-day limit.
    e.reloj.avanzar(200 * 86_400_000);
    const op = await e.sesion(2, 1);
    const tarde = (await op.get(`/api/Almacen/TableroInventario?CodigoEmpresaUsuario=${empresaA}`)).json().data;
    expect(tarde.porAntiguedad.map((a: { lotes: number }) => a.lotes)).toEqual([0, 0, 0, 2]);
    expect(tarde.cercaLimite).toEqual({ lotes: 2, cantidadStock: 11, fobTotal: 76 });
    // A company user only sees its own company.
    const b = await e.sesion(8, empresaB);
    const deB = await b.get(`/api/Almacen/TableroInventario?CodigoEmpresaUsuario=${empresaA}`);
    expect(deB.statusCode).toBe(403);
  });
});
