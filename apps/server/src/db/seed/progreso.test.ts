import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import type { BaseDatos } from '../client';
import { usuario } from '../schema';
import { SEMBRADORES_DEMO, USUARIOS_DEMO } from './demo';
import { prepararDatos } from './index';

let base: BaseDatos;
beforeAll(async () => {
  base = await abrirBasePrueba();
});
afterAll(async () => base.cerrar());

describe('preparación de los datos al arrancar', () => {
  it('dice qué prepara antes de cada paso y cuánto tardó, con los datos de demostración', async () => {
    const avisos: string[] = [];
    await prepararDatos(base.db, { demo: true, avisar: (m) => avisos.push(m) });
    const total = 1 + SEMBRADORES_DEMO.length;
    expect(avisos).toHaveLength(2 * total);
    expect(avisos[0]).toBe(`Preparando datos 1/${total}: datos de referencia (roles, menú, parámetros, partidas)…`);
    SEMBRADORES_DEMO.forEach((s, i) => {
      expect(avisos[2 * (i + 1)]).toBe(`Preparando datos ${i + 2}/${total}: demostración: ${s.nombre}…`);
    });
    for (let i = 1; i < avisos.length; i += 2) expect(avisos[i]).toMatch(/^ {2}listo en \d+\.\d s$/);
    // The steps really ran: the demo users exist.
    const [demo] = await base.db.select({ n: count() }).from(usuario).where(eq(usuario.nombreUsuario, 'admin'));
    expect(demo?.n).toBe(1);
    // Each demo staff member has an identity document, which the user form asks for when their data is edited.
    const personal = await base.db
      .select({ u: usuario.nombreUsuario, tipo: usuario.codeTipoDocumentoPeaton, n: usuario.numeroDocumentoIdentidad })
      .from(usuario)
      .where(
        inArray(
          usuario.nombreUsuario,
          USUARIOS_DEMO.map((u) => u.nombreUsuario),
        ),
      );
    expect(personal).toHaveLength(USUARIOS_DEMO.length);
    for (const p of personal) expect(`${p.tipo} ${p.n}`, p.u).toMatch(/^1 \d{8}$/);
  });

  it('sin datos de demostración, solo el paso de referencia', async () => {
    const avisos: string[] = [];
    await prepararDatos(base.db, { demo: false, avisar: (m) => avisos.push(m) });
    expect(avisos.slice(0, 2)).toEqual([
      'Preparando datos 1/1: datos de referencia (roles, menú, parámetros, partidas)…',
      expect.stringMatching(/^ {2}listo en \d+\.\d s$/),
    ]);
  });
});
