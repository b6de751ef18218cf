import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { acreditarLote, consumirReservasMovimiento, reservarLote } from '../../modules/inventario/lotes';
import { siguienteCodigoIngreso } from '../../modules/movimiento/movimiento.repository';
import type { Db } from '../client';
import {
  almacen,
  catalogoUsuario,
  empresaUsuario,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
} from '../schema';

/** Marks the documents of this seeder (idempotence: a second run finds them and stops). */
const MARCA = 'KARDEX-DEMO';

/**
 * Kardex history for every demo company: for the first product of each company's catalogue, a
 * finished entry order whose verification credited a lot (at its FOB) and a finished exit order whose exit
 * control debited part of it, both through the lot ledger as the stages do, so the kardex shows an order
 * followed from its entry to its exit.
 */
export async function sembrarKardex(db: Db) {
  const [hecho] = await db
    .select({ c: movimientoDocumento.codigoMovimientoDocumento })
    .from(movimientoDocumento)
    .where(eq(movimientoDocumento.descripcionDocumento, MARCA))
    .limit(1);
  if (hecho) return;
  const empresas = await db
    .select({ e: empresaUsuario.codigoEmpresaUsuario, a: almacen.codigoEmpresaAlmacen })
    .from(empresaUsuario)
    .innerJoin(almacen, eq(almacen.codigoEmpresaUsuario, empresaUsuario.codigoEmpresaUsuario))
    .where(sql`${empresaUsuario.codigoEmpresaUsuario} > 1`)
    .orderBy(asc(empresaUsuario.codigoEmpresaUsuario));
  const vistas = new Set<number>();
  await db.transaction(async (tx) => {
    for (const { e, a } of empresas) {
      if (vistas.has(e)) continue;
      vistas.add(e);
      const [p] = await tx
        .select()
        .from(catalogoUsuario)
        .where(and(eq(catalogoUsuario.codigoEmpresaUsuario, e), isNotNull(catalogoUsuario.codigoInterno)))
        .orderBy(asc(catalogoUsuario.codigoInterno))
        .limit(1);
      if (!p) continue;
      // At seed time, after the initial stock the administration seeder wrote (the ledger is in written order).
      const ahora = () => new Date();
      const orden = async (
        operacion: 1 | 2,
        tipoDoc: string,
        numero: string,
        cantidad: number,
        fob: number,
        fecha: Date,
      ) => {
        const { codigoIngreso, numeroTicket } = await siguienteCodigoIngreso(tx);
        const [m] = await tx
          .insert(movimiento)
          .values({
            codigoIngreso,
            numeroTicket,
            codigoTipoIngreso: 'PT',
            codigoTipoOperacion: operacion,
            codigoEmpresaUsuario: e,
            codigoEmpresaAlmacen: a,
            codigoTipoMercaderia: operacion === 1 ? 'EXT' : 'EXP',
            fechaIngreso: fecha,
            codigoEstadoMovimiento: 5,
            codigoEstadoObservado: 1,
            usuarioRegistro: 'sistema',
            fechaRegistro: fecha,
          })
          .returning();
        if (!m) throw new Error('orden');
        const [d] = await tx
          .insert(movimientoDocumento)
          .values({
            codigoMovimiento: m.codigoMovimiento,
            codigoTipoDocumento: tipoDoc,
            descripcionDocumento: MARCA,
            numeroDocumento: numero,
          })
          .returning();
        if (!d) throw new Error('documento');
        const [l] = await tx
          .insert(movimientoDetalle)
          .values({
            codigoMovimientoDocumento: d.codigoMovimientoDocumento,
            codigoMovimiento: m.codigoMovimiento,
            codigoCatalogoUsuario: p.codigoCatalogoUsuario,
            cantidad: cantidad.toFixed(3),
            peso: (cantidad * 2).toFixed(3),
            valorFOB: fob.toFixed(5),
          })
          .returning();
        if (!l) throw new Error('detalle');
        return { m, d, l };
      };
      const entrada = await orden(1, '1', `F001-${String(7000 + e).padStart(6, '0')}`, 50, 120, ahora());
      const codigoLote = await acreditarLote(tx, {
        codigoEmpresaAlmacen: a,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        codigoMovimientoDocumento: entrada.d.codigoMovimientoDocumento,
        numeroDocumento: entrada.d.numeroDocumento,
        cantidad: 50,
        codigoMovimiento: entrada.m.codigoMovimiento,
        codigoMovimientoDetalle: entrada.l.codigoMovimientoDetalle,
        usuarioRegistro: 'balanza',
      });
      const salida = await orden(2, '2', `GR01-${String(3000 + e).padStart(6, '0')}`, 18, 120, ahora());
      await reservarLote(tx, {
        codigoLote,
        cantidad: 18,
        codigoMovimientoDetalle: salida.l.codigoMovimientoDetalle,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        codigoEmpresaAlmacen: a,
      });
      await consumirReservasMovimiento(tx, salida.m.codigoMovimiento, 'seguridad');
    }
  });
}
