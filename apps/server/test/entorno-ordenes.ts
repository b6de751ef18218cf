import { count } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { crearEntorno, type Entorno } from './entorno';
import { movimiento } from '../src/db/schema';
import { crearPersona, prepararEmpresa } from './fabricas-movimiento';

/** Shared setup of the order API tests: one environment per test file, two companies, a role-8 user. */
export let e: Entorno;
export let base: Awaited<ReturnType<typeof prepararEmpresa>>;
export let otra: Awaited<ReturnType<typeof prepararEmpresa>>;
export let s: Awaited<ReturnType<Entorno['sesion']>>;

export function prepararEntorno() {
  beforeAll(async () => {
    e = await crearEntorno();
    base = await prepararEmpresa(e);
    otra = await prepararEmpresa(e);
    await crearPersona(e);
    s = await e.sesion(8, base.empresa.codigoEmpresaUsuario);
  });
  afterAll(() => e.cerrar());
}

export const guardar = (sesion: typeof s, data: unknown) => sesion.post('/api/Movimiento/GuardarMovimiento', { data });
export const contarMovimientos = async () => (await e.db.select({ n: count() }).from(movimiento))[0]?.n ?? 0;
