import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import { XSD_UBL as XSD } from '../../../test/ubl';
import { deudaBloquea } from '../../modules/finanzas/finanzas.service';
import type { BaseDatos } from '../client';
import {
  certificadoFirma,
  comprobante,
  comprobanteLinea,
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

  it('se aprende de ella: lotes con meses en almacén, corridas pasadas que facturaron almacenaje y pesajes, pagos, boletas solo a personas', async () => {
    const todos = await base.db.select().from(comprobante);
    // Boletas name a person by DNI (catálogo 06 '1'), never a company's RUC.
    const boletas = todos.filter((c) => c.tipoComprobante === '03');
    expect(boletas.length).toBeGreaterThanOrEqual(2);
    for (const b of boletas) {
      expect([b.tipoDocumentoAdquirente, /^\d{8}$/.test(b.rucAdquirente)], `${b.serie}-${b.numero}`).toEqual([
        '1',
        true,
      ]);
      expect(b.xml).toContain(`<cbc:ID schemeID="1">${b.rucAdquirente}</cbc:ID>`);
    }
    for (const f of todos.filter((c) => c.tipoComprobante === '01')) expect(f.rucAdquirente).toMatch(/^\d{11}$/);
    // The past months' runs billed storage days (lots that spent weeks and months in the zone) and were paid.
    const deCorridas = todos.filter((c) => c.codigoCorrida !== null);
    expect(deCorridas.length).toBeGreaterThan(0);
    const almacenaje = await base.db
      .select({ cantidad: comprobanteLinea.cantidad, codigoComprobante: comprobanteLinea.codigoComprobante })
      .from(comprobanteLinea)
      .where(eq(comprobanteLinea.unidad, 'DAY'));
    const diasDeCorridas = almacenaje
      .filter((l) => deCorridas.some((c) => c.codigoComprobante === l.codigoComprobante))
      .reduce((t, l) => t + Number(l.cantidad), 0);
    expect(diasDeCorridas).toBeGreaterThan(150);
    const pagos = await base.db.select().from(pagoComprobante);
    expect(
      pagos.filter((p) => deCorridas.some((c) => c.codigoComprobante === p.codigoComprobante)).length,
    ).toBeGreaterThan(0);
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
