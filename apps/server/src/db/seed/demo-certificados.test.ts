import { fechaLima } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import type { BaseDatos } from '../client';
import { certificadoManufactura, certificadoManufacturaDetalle, usuario } from '../schema';
import { sembrarEmpresasYUsuarios } from './demo';
import { sembrarCertificados } from './demo-certificados';

let base: BaseDatos;
beforeAll(async () => {
  base = await abrirBasePrueba();
  await sembrarEmpresasYUsuarios(base.db);
  await sembrarCertificados(base.db);
  await sembrarCertificados(base.db);
});
afterAll(() => base.cerrar());

describe('demo certificates', () => {
  it('cover every state, some expired, one disabled, each with catalogue lines, once', async () => {
    const filas = await base.db.select().from(certificadoManufactura);
    const lineas = await base.db.select().from(certificadoManufacturaDetalle);
    const hoy = fechaLima(new Date());
    expect(filas).toHaveLength(9);
    expect(new Set(filas.map((f) => f.codigoEstadoAutorizado))).toEqual(new Set([1, 2, 3]));
    const autorizados = filas.filter((f) => f.codigoEstadoAutorizado === 3);
    expect(autorizados.every((f) => /^CM-\d{4}-\d{6}$/.test(f.numeroCertificado ?? '') && f.tokenVerificacion)).toBe(
      true,
    );
    expect(autorizados.filter((f) => f.fechaFinVigencia < hoy).length).toBeGreaterThanOrEqual(2);
    expect(autorizados.filter((f) => f.fechaFinVigencia >= hoy).length).toBeGreaterThanOrEqual(1);
    expect(filas.filter((f) => f.estadoAnulado === 1)).toHaveLength(1);
    for (const f of filas) {
      expect(
        lineas.filter((l) => l.codigoCertificadoManufactura === f.codigoCertificadoManufactura).length,
      ).toBeGreaterThan(0);
    }
    const nombres = (await base.db.select().from(usuario)).map((u) => [u.nombreUsuario, u.nivelUsuario]);
    expect(nombres).toContainEqual(['fabricante', 2]);
  });
});
