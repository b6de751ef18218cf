import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escribirHistoriaKardex,
  escribirHistoriaPorTrigger,
  verificarHistoriaKardex,
} from '../scripts/historia-kardex';
import type { Db } from '../src/db/client';
import { almacen, catalogoUsuario, kardex, lote, movimientoDetalle, saldoProducto } from '../src/db/schema';
import { acreditarLote } from '../src/modules/inventario/lotes';
import { crearEntorno, type Entorno } from './entorno';
import { fabricaEtapas } from './fabricas-etapas';

/**
 * The year data set writes the kardex history in bulk (scripts/historia-kardex.ts) instead of row by row through
 * the kardex trigger. These tests prove both ways write the same ledger (balances, values, SUNAT types and
 * documents, in the same order) and that the ledger's rules hold afterwards.
 */
let e: Entorno;
let productos: number[] = [];

class Deshacer extends Error {}

/** Runs `escribir` in a transaction, reads the ledger and the kept balances it left, and rolls everything back. */
async function capturar(escribir: (tx: Db) => Promise<unknown>) {
  let leido: { filas: unknown[]; saldos: unknown[] } | undefined;
  await e.db
    .transaction(async (tx) => {
      await escribir(tx as unknown as Db);
      const filas = await tx
        .select({
          lote: kardex.codigoLote,
          producto: kardex.codigoCatalogoUsuario,
          movimiento: kardex.codigoMovimiento,
          detalle: kardex.codigoMovimientoDetalle,
          tipo: kardex.tipo,
          cantidad: kardex.cantidad,
          saldoLote: kardex.saldoLote,
          saldoProducto: kardex.saldoProducto,
          fecha: kardex.fecha,
          tipoOperacion: kardex.tipoOperacion,
          tipoDocumento: kardex.tipoDocumento,
          numeroDocumento: kardex.numeroDocumento,
          costoUnitario: kardex.costoUnitario,
          costoPromedio: kardex.costoPromedio,
          saldoValor: kardex.saldoValor,
        })
        .from(kardex)
        .orderBy(asc(kardex.codigoKardex));
      const saldos = await tx
        .select({ p: saldoProducto.codigoCatalogoUsuario, c: saldoProducto.cantidad, v: saldoProducto.valor })
        .from(saldoProducto)
        .orderBy(asc(saldoProducto.codigoCatalogoUsuario));
      leido = { filas, saldos };
      throw new Deshacer();
    })
    .catch((err) => {
      if (!(err instanceof Deshacer)) throw err;
    });
  if (!leido) throw new Error('sin lectura');
  return leido;
}

beforeAll(async () => {
  e = await crearEntorno();
  const f = fabricaEtapas(e.db);
  const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  const [a] = await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresa)).limit(1);
  if (!a) throw new Error('almacén');
  const creados = await e.db
    .insert(catalogoUsuario)
    .values(
      [1, 2, 3].map((i) => ({
        codigoEmpresaUsuario: empresa,
        descripcion: `PRODUCTO HISTORIA ${i}`,
        numeroPartida: '8517130000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      })),
    )
    .returning();
  productos = creados.map((c) => c.codigoCatalogoUsuario);
  // Lots over the year: odd FOBs (the average needs its rounding), partly and wholly taken lots (a balance
  // back to zero is worth zero), two lots at the same instant (written in lot order), an exit crossing a month
  // end, and an initial-stock lot without order (type 16, valued at the average).
  const casos: [number, string, number, number, string | null][] = [
    [0, '2025-01-05T10:00:00Z', 10, 4, '3.33333'],
    [0, '2025-01-05T10:00:00Z', 7, 7, '7.10000'],
    [1, '2025-01-30T18:00:00Z', 12, 0, '0.99999'],
    [0, '2025-02-01T09:00:00Z', 5, 1, '12.50000'],
    [1, '2025-03-15T12:00:00Z', 9, 3, '2.00000'],
    [2, '2025-06-30T23:00:00Z', 20, 20, null],
    [0, '2025-07-02T08:00:00Z', 3, 0, '1.11111'],
    [2, '2025-12-30T15:00:00Z', 8, 2, '4.44444'],
  ];
  for (const [p, fecha, ingresada, stock, fob] of casos) {
    const producto = productos[p] as number;
    if (fob === null) {
      await e.db.insert(lote).values({
        codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: producto,
        numeroDocumento: 'INICIAL',
        cantidadIngresada: ingresada.toFixed(3),
        cantidadStock: stock.toFixed(3),
        fechaIngreso: new Date(fecha),
      });
      continue;
    }
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, lineas: [{ cantidad: ingresada }] });
    const linea = m.lineas[0];
    if (!linea) throw new Error('línea');
    await e.db
      .update(movimientoDetalle)
      .set({ codigoCatalogoUsuario: producto, valorFOB: fob })
      .where(eq(movimientoDetalle.codigoMovimientoDetalle, linea.codigoMovimientoDetalle));
    await e.db.insert(lote).values({
      codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
      codigoCatalogoUsuario: producto,
      codigoMovimientoDocumento: m.documento.codigoMovimientoDocumento,
      numeroDocumento: m.documento.numeroDocumento,
      cantidadIngresada: ingresada.toFixed(3),
      cantidadStock: stock.toFixed(3),
      fechaIngreso: new Date(fecha),
    });
  }
});
afterAll(async () => {
  await e.cerrar();
});

describe('kardex history of the year data set', () => {
  it('the bulk writer writes exactly the rows, balances and values the kardex trigger writes', async () => {
    const masivo = await capturar((tx) => escribirHistoriaKardex(tx, 2025));
    const trigger = await capturar((tx) => escribirHistoriaPorTrigger(tx, 2025));
    expect(masivo.filas).toHaveLength(14);
    expect(masivo.filas).toEqual(trigger.filas);
    expect(masivo.saldos).toEqual(trigger.saldos);
    const tipos = (masivo.filas as { tipoOperacion: string }[]).map((x) => x.tipoOperacion);
    expect(new Set(tipos)).toEqual(new Set(['01', '02', '16']));
  });

  it('after the bulk history the ledger rules hold and the trigger keeps the balances again', async () => {
    await escribirHistoriaKardex(e.db, 2025);
    expect(await verificarHistoriaKardex(e.db)).toEqual({
      asientos: 14,
      saldoProductoMal: 0,
      saldoLoteMal: 0,
      saldoGuardadoMal: 0,
      lotesMal: 0,
      negativos: 0,
    });
    const producto = productos[0] as number;
    const [antes] = await e.db.select().from(saldoProducto).where(eq(saldoProducto.codigoCatalogoUsuario, producto));
    const [l] = await e.db.select().from(lote).where(eq(lote.codigoCatalogoUsuario, producto)).limit(1);
    if (!antes || !l) throw new Error('datos');
    await e.db.transaction((tx) =>
      acreditarLote(tx, {
        codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: producto,
        codigoMovimientoDocumento: null,
        numeroDocumento: 'INICIAL-2',
        cantidad: 2,
      }),
    );
    const [ultimo] = await e.db
      .select()
      .from(kardex)
      .where(eq(kardex.codigoCatalogoUsuario, producto))
      .orderBy(sql`${kardex.codigoKardex} desc`)
      .limit(1);
    // Written by the trigger (enabled again): the balance continues from the kept one, at the average cost.
    expect(Number(ultimo?.saldoProducto)).toBe(Number(antes.cantidad) + 2);
    expect(ultimo?.tipoOperacion).toBe('16');
    expect(Number(ultimo?.costoUnitario)).toBeCloseTo(Number(antes.valor) / Number(antes.cantidad), 5);
    // Still append-only.
    await expect(
      e.db.execute(sql`update kardex set cantidad = 0 where codigo_kardex = ${ultimo?.codigoKardex}`),
    ).rejects.toThrow();
  });
});
