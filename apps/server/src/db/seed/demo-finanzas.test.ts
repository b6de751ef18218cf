import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import { deudaBloquea } from '../../modules/finanzas/finanzas.service';
import type { BaseDatos } from '../client';
import {
  certificadoFirma,
  comprobante,
  corridaFacturacion,
  empresaUsuario,
  movimiento,
  pagoComprobante,
} from '../schema';
import { SEMBRADORES_DEMO } from './demo';
import { sembrarFinanzas } from './demo-finanzas';
import { RUC_MOROSA, sembrarFinanzasGarita } from './demo-finanzas-garita';

let base: BaseDatos;
const dir = mkdtempSync(join(tmpdir(), 'cronos-demo-finanzas-'));
const XSD = resolve(__dirname, '../../../../../../shared/standards/ubl-2.1/xsd/maindoc');

beforeAll(async () => {
  base = await abrirBasePrueba();
  for (const s of SEMBRADORES_DEMO) await s.sembrar(base.db);
}, 120_000);
afterAll(async () => base.cerrar());

describe('datos de demostración de finanzas', () => {
  it('comprobantes de cada tipo, corridas, pagos y una empresa bloqueada por deuda; repetirlo no duplica', async () => {
    const todos = await base.db.select().from(comprobante);
    expect(new Set(todos.map((c) => c.tipoComprobante))).toEqual(new Set(['01', '03', '07']));
    expect((await base.db.select({ n: count() }).from(corridaFacturacion))[0]?.n).toBe(2);
    expect((await base.db.select({ n: count() }).from(pagoComprobante))[0]?.n).toBeGreaterThan(0);
    const [e7] = await base.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, 7));
    expect(e7?.indicadorBloqueo).toBe(true);
    expect(await deudaBloquea(base.db, 7, new Date())).toBe(true);
    // Only company 7 is blocked by debt: the other demo companies keep passing the gate.
    for (const c of [2, 3, 4, 5, 6]) expect(await deudaBloquea(base.db, c, new Date())).toBe(false);
    // The company of the gate's acceptance test: blocked by its overdue factura, with a truck at entry control.
    const [morosa] = await base.db.select().from(empresaUsuario).where(eq(empresaUsuario.ruc, RUC_MOROSA));
    expect(morosa?.indicadorBloqueo).toBe(true);
    expect(await deudaBloquea(base.db, morosa?.codigoEmpresaUsuario ?? 0, new Date())).toBe(true);
    const [orden] = await base.db
      .select()
      .from(movimiento)
      .where(eq(movimiento.codigoEmpresaUsuario, morosa?.codigoEmpresaUsuario ?? 0));
    expect(orden?.codigoEstadoMovimiento).toBe(1);
    await sembrarFinanzas(base.db);
    await sembrarFinanzasGarita(base.db);
    expect(await base.db.select().from(comprobante)).toHaveLength(todos.length);
  });

  it('el XML de cada comprobante de la demo valida contra UBL 2.1 y su firma verifica con xmlsec1', async () => {
    const [cert] = await base.db.select().from(certificadoFirma);
    writeFileSync(join(dir, 'cert.pem'), cert?.certificadoPem ?? '');
    for (const c of await base.db.select().from(comprobante)) {
      const archivo = join(dir, `${c.codigoComprobante}.xml`);
      writeFileSync(archivo, c.xml);
      const esquema = join(XSD, c.tipoComprobante === '07' ? 'UBL-CreditNote-2.1.xsd' : 'UBL-Invoice-2.1.xsd');
      const v = spawnSync('xmllint', ['--noout', '--schema', esquema, archivo], { encoding: 'utf8' });
      expect(v.status, `${c.serie}-${c.numero}: ${v.stderr}`).toBe(0);
      const f = spawnSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'cert.pem'), archivo], {
        encoding: 'utf8',
      });
      expect(f.status, `${c.serie}-${c.numero}: ${f.stderr}`).toBe(0);
    }
  });
});
