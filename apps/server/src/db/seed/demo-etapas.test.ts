import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import type { BaseDatos } from '../client';
import { controlMovimiento, kardex, movimiento, pesaje, verificacionImagen } from '../schema';
import { SEMBRADORES_DEMO } from './demo';
import { sembrarEtapas } from './demo-etapas';
import { jpegDemo } from './jpeg-demo';

let base: BaseDatos;
beforeAll(async () => {
  base = await abrirBasePrueba();
  for (const s of SEMBRADORES_DEMO) await s.sembrar(base.db);
});
afterAll(async () => base.cerrar());

describe('datos de demostración de las etapas', () => {
  it('deja órdenes esperando en cada estado, con pesos, tramas, fotos y observadas; repetirlo no duplica nada', async () => {
    const propias = await base.db.select().from(movimiento).where(eq(movimiento.usuarioRegistro, 'demo-etapas'));
    expect(new Set(propias.map((m) => m.codigoEstadoMovimiento))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(propias.some((m) => m.codigoEstadoObservado === 2)).toBe(true);
    const capturas = await base.db.select().from(pesaje);
    expect(capturas.some((c) => c.trama?.startsWith('\\x02'))).toBe(true);
    const [fotos] = await base.db.select({ n: count() }).from(verificacionImagen);
    expect(fotos?.n).toBeGreaterThan(3);
    const [entradas] = await base.db.select({ n: count() }).from(kardex).where(eq(kardex.usuarioRegistro, 'balanza'));
    expect(entradas?.n).toBeGreaterThan(0);
    const antes = (await base.db.select({ n: count() }).from(controlMovimiento))[0]?.n;
    await sembrarEtapas(base.db);
    expect((await base.db.select({ n: count() }).from(controlMovimiento))[0]?.n).toBe(antes);
  });

  it('genera JPEG válidos (SOI, JFIF, EOI)', () => {
    const j = jpegDemo(3);
    expect([...j.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(j.subarray(6, 10).toString()).toBe('JFIF');
    expect([...j.subarray(-2)]).toEqual([0xff, 0xd9]);
  });
});
