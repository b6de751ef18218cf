import { and, asc, eq, sql } from 'drizzle-orm';
import { ajustarLote } from '../../modules/inventario/lotes';
import type { Db } from '../client';
import { catalogoUsuario, conteo, conteoDetalle, lote } from '../schema';

/**
 * Physical counts of the demo: a finished count of company 3 (one difference justified and approved,
 * adjusted in the kardex) and a count of company 2 registered with one difference the company still has to
 * justify (48 h window from the seed).
 */
export async function sembrarConteos(db: Db) {
  const [hay] = await db.select({ c: conteo.codigoConteo }).from(conteo).limit(1);
  if (hay) return;
  const lotesDe = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], empresa: number) =>
    tx
      .select({ codigoLote: lote.codigoLote, producto: lote.codigoCatalogoUsuario, stock: lote.cantidadStock })
      .from(lote)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, lote.codigoCatalogoUsuario))
      .where(and(eq(catalogoUsuario.codigoEmpresaUsuario, empresa), sql`${lote.cantidadStock} > 0`))
      .orderBy(asc(catalogoUsuario.descripcion), asc(lote.codigoLote));
  const ahora = new Date();
  await db.transaction(async (tx) => {
    // Company 3: finished, its last lot counted one unit short, justified and approved.
    const l3 = await lotesDe(tx, 3);
    if (l3.length) {
      const [c] = await tx
        .insert(conteo)
        .values({
          codigoEmpresaUsuario: 3,
          estado: 4,
          observacion: 'Conteo mensual de demostración',
          fechaApertura: ahora,
          usuarioApertura: 'admin',
          fechaContado: ahora,
          usuarioContado: 'admin',
          fechaLimiteJustificacion: new Date(ahora.getTime() + 48 * 3_600_000),
          fechaJustificado: ahora,
          usuarioJustificado: 'empresa',
          fechaCierre: ahora,
          usuarioCierre: 'admin',
        })
        .returning();
      if (!c) throw new Error('conteo');
      const ultimo = l3.at(-1);
      for (const l of l3) {
        const corto = l === ultimo;
        await tx.insert(conteoDetalle).values({
          codigoConteo: c.codigoConteo,
          codigoLote: l.codigoLote,
          codigoCatalogoUsuario: l.producto,
          cantidadTeorica: l.stock,
          cantidadContada: corto ? (Number(l.stock) - 1).toFixed(3) : l.stock,
          justificacion: corto ? 'Unidad dañada en la descarga, retirada como merma' : null,
          decision: corto ? 1 : 0,
        });
        if (corto)
          await ajustarLote(tx, {
            codigoLote: l.codigoLote,
            diferencia: -1,
            codigoConteo: c.codigoConteo,
            usuarioRegistro: 'admin',
          });
      }
    }
    // Company 2: counted, one lot with two units more than the books, waiting for the company's justification.
    const l2 = await lotesDe(tx, 2);
    if (l2.length) {
      const [c] = await tx
        .insert(conteo)
        .values({
          codigoEmpresaUsuario: 2,
          estado: 2,
          fechaApertura: ahora,
          usuarioApertura: 'admin',
          fechaContado: ahora,
          usuarioContado: 'admin',
          fechaLimiteJustificacion: new Date(ahora.getTime() + 48 * 3_600_000),
        })
        .returning();
      if (!c) throw new Error('conteo');
      for (const [i, l] of l2.entries()) {
        await tx.insert(conteoDetalle).values({
          codigoConteo: c.codigoConteo,
          codigoLote: l.codigoLote,
          codigoCatalogoUsuario: l.producto,
          cantidadTeorica: l.stock,
          cantidadContada: i === 0 ? (Number(l.stock) + 2).toFixed(3) : l.stock,
        });
      }
    }
  });
}
