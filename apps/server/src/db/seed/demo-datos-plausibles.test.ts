import { fechaLima } from '@cronos/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import type { BaseDatos } from '../client';
import { kardex, movimiento, movimientoDetalle, produccion } from '../schema';
import { SEMBRADORES_DEMO } from './demo';

// Demo data a person learns the screens from: figures a real operation could have.
let base: BaseDatos;
beforeAll(async () => {
  base = await abrirBasePrueba();
  for (const s of SEMBRADORES_DEMO) await s.sembrar(base.db);
});
afterAll(async () => base.cerrar());

describe('datos de demostración plausibles', () => {
  it('el FOB de las líneas de las órdenes de las etapas es unitario: el mismo por producto, sin crecer con la cantidad', async () => {
    const lineas = await base.db
      .select({
        producto: movimientoDetalle.codigoCatalogoUsuario,
        cantidad: movimientoDetalle.cantidad,
        fob: movimientoDetalle.valorFOB,
      })
      .from(movimientoDetalle)
      .innerJoin(movimiento, eq(movimiento.codigoMovimiento, movimientoDetalle.codigoMovimiento))
      .where(eq(movimiento.usuarioRegistro, 'demo-etapas'));
    expect(lineas.length).toBeGreaterThan(4);
    const porProducto = new Map<number, Set<string>>();
    for (const l of lineas) {
      // A television or a microwave oven: a unit FOB of a few hundred dollars, never thousands.
      expect(Number(l.fob), `FOB unitario ${l.fob} × ${l.cantidad}`).toBeGreaterThan(0);
      expect(Number(l.fob), `FOB unitario ${l.fob} × ${l.cantidad}`).toBeLessThan(1000);
      porProducto.set(l.producto, (porProducto.get(l.producto) ?? new Set()).add(String(l.fob)));
    }
    for (const fobs of porProducto.values()) expect(fobs.size).toBe(1);
  });

  it('cada parte de producción se registra, entra y consume en el kardex en su fecha de producción', async () => {
    const partes = await base.db.select().from(produccion);
    expect(partes.length).toBeGreaterThan(1);
    for (const p of partes) {
      expect(fechaLima(p.fechaRegistro)).toBe(p.fechaProduccion);
      const entrada = await base.db
        .select()
        .from(kardex)
        .where(and(eq(kardex.codigoLote, p.codigoLote as number), eq(kardex.tipoOperacion, '19')));
      expect(entrada).toHaveLength(1);
      expect(fechaLima(entrada[0]?.fecha as Date)).toBe(p.fechaProduccion);
    }
    // Consumption (10) and waste (13) of the inputs on the production dates, after the inputs' opening stock.
    const fechas = new Set(partes.map((p) => p.fechaProduccion));
    const consumos = await base.db
      .select()
      .from(kardex)
      .where(inArray(kardex.tipoOperacion, ['10', '13']));
    expect(consumos.length).toBeGreaterThan(0);
    for (const c of consumos) expect(fechas.has(fechaLima(c.fecha))).toBe(true);
  });
});
