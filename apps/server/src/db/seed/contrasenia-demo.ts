import { and, count, eq, like, or } from 'drizzle-orm';
import { verificarContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import { usuario } from '../schema';
import { CONTRASENIA_DEMO } from './demo';

/**
 * How many enabled users still sign in with the demo password the README publishes. Only the users the seeders
 * create are looked at (registered by 'sistema', or with an e-mail on the demo domain): they share a few hashes
 * (one per seeder), so a start verifies a handful of hashes, not every user's.
 */
export async function usuariosConContraseniaDemo(db: Db): Promise<number> {
  const grupos = await db
    .select({ hash: usuario.contraseniaHash, n: count() })
    .from(usuario)
    .where(
      and(
        eq(usuario.estadoAnulado, 0),
        or(eq(usuario.usuarioRegistro, 'sistema'), like(usuario.correoElectronico, '%@zofratacna.demo')),
      ),
    )
    .groupBy(usuario.contraseniaHash);
  let total = 0;
  for (const g of grupos) if (await verificarContrasenia(g.hash, CONTRASENIA_DEMO)) total += Number(g.n);
  return total;
}
