import { MENSAJES_ADMINISTRACION } from '@cronos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { parametro } from '../../db/schema';

// Saves that do not go through the service's guard (its lock and its name check switched off here, as a second
// code path or a script would): the unique index on the normalized name is what keeps the names apart.
vi.mock('./parametros-generales.repository', async (original) => ({
  ...(await original<typeof import('./parametros-generales.repository')>()),
  bloquearParametros: async () => {},
  nombreParametroUsado: async () => false,
}));

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('Parámetros Generales: the database keeps group names unique', () => {
  it('two renames to the same name at once: one is saved, the other gets the name message (422, not a 500)', async () => {
    const admin = await e.sesion(2, 1);
    const otro = await e.sesion(2, 1);
    const crear = async (nombre: string) =>
      (await admin.post('/api/Parametro/GuardarParametro', { data: { nombre, descripcion: 'Prueba' } })).json()
        .data as number;
    const a = await crear('Motivos de inspección A');
    const b = await crear('Motivos de inspección B');
    const [r1, r2] = await Promise.all([
      admin.post('/api/Parametro/GuardarParametro', {
        data: { codigoParametro: a, version: 1, nombre: 'Causas de demora', descripcion: 'Prueba' },
      }),
      otro.post('/api/Parametro/GuardarParametro', {
        data: { codigoParametro: b, version: 1, nombre: '  CAUSAS de DEMORA ', descripcion: 'Prueba' },
      }),
    ]);
    expect([r1?.statusCode, r2?.statusCode].sort(), `${r1?.body} ${r2?.body}`).toEqual([200, 422]);
    expect([r1, r2].find((r) => r?.statusCode === 422)?.json().errors).toEqual({
      nombre: [MENSAJES_ADMINISTRACION.nombreParametroExiste],
    });
    const iguales = await e.db
      .select({ c: parametro.codigoParametro })
      .from(parametro)
      .where(sql`lower(trim(${parametro.nombre})) = 'causas de demora'`);
    expect(iguales).toHaveLength(1);
  });
});
