import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENSAJES_ETAPAS, MENSAJES_FINANZAS } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { XSD_UBL as XSD } from '../../../test/ubl';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { construirApp } from '../../app';
import { cargarConfig } from '../../config';
import {
  certificadoFirma,
  comprobante,
  controlMovimiento,
  empresaUsuario,
  logSistema,
  pagoComprobante,
  transportistaUsuario,
} from '../../db/schema';
import { construirCdr } from './envio';
import { TRABAJO_COLA_COMPROBANTES } from './cola';
import { colaDe } from './finanzas.routes';
import { enteroEnLetras, montoEnLetras } from '../../platform/dinero';

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
let empresaA: number;
let empresaB: number;
const servicios: Record<string, number> = {};
const dir = mkdtempSync(join(tmpdir(), 'cronos-finanzas-'));

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  empresaA = (await e.crearEmpresa()).codigoEmpresaUsuario;
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  const tarifas = [
    ['PESAJE', 'Pesaje de vehículo', 'ORDEN_PESADA', '10', 100],
    ['ALMACEN', 'Almacenaje por día', 'DIA_ALMACEN', '20', 50],
    ['TARJETA', 'Tarjeta de acceso', 'TARJETA', '10', 33.33],
    ['CONSTANCIA', 'Constancia inafecta', 'TARJETA', '30', 0.1],
  ] as const;
  for (const [codigo, descripcion, unidad, afectacionIgv, precio] of tarifas) {
    const r = await tesorero.post('/api/Tarifa/Guardar', {
      data: { codigo, descripcion, unidad, moneda: 'PEN', afectacionIgv, precio, vigenteDesde: '2026-01-01' },
    });
    expect(r.statusCode, r.body).toBe(200);
    servicios[codigo] = r.json().data.codigoServicio;
  }
});
afterAll(async () => {
  await e.cerrar();
});

const emitir = (s: Sesion, codigoEmpresaUsuario: number, lineas: [string, number][], tipoComprobante = '01') =>
  s.post('/api/Comprobante/Emitir', {
    data: {
      codigoEmpresaUsuario,
      tipoComprobante,
      lineas: lineas.map(([c, cantidad]) => ({ codigoServicio: servicios[c], cantidad })),
    },
  });
const detalle = async (id: number) =>
  (await tesorero.get(`/api/Comprobante/Consultar?CodigoComprobante=${id}`)).json().data;

describe('tarifas', () => {
  it('guarda el precio nuevo en el historial y lista el vigente', async () => {
    const r = await tesorero.post('/api/Tarifa/Guardar', {
      data: {
        codigoServicio: servicios.ALMACEN,
        codigo: 'ALMACEN',
        descripcion: 'Almacenaje por día',
        unidad: 'DIA_ALMACEN',
        moneda: 'PEN',
        afectacionIgv: '20',
        precio: 60,
        vigenteDesde: '2027-01-01',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    // Today (2026-11-20) the 2026 price is still in force.
    expect(r.json().data.precio).toBe('50.00');
    const h = (await tesorero.get(`/api/Tarifa/HistorialPrecios?CodigoServicio=${servicios.ALMACEN}`)).json().data;
    expect(h.map((p: { precio: string }) => p.precio)).toEqual(['60.00', '50.00']);
    const l = (await tesorero.get('/api/Tarifa/ListarDatos?Columna=codigo&Valor=ALMA')).json();
    expect(l.data).toHaveLength(1);
  });

  it('rechaza datos inválidos sin cambiar nada, y otro rol no puede guardar', async () => {
    const cliente = await e.sesion(8, empresaA);
    const antes = await e.contarAuditoria();
    const r = await tesorero.post('/api/Tarifa/Guardar', {
      data: {
        codigo: 'x y',
        descripcion: '',
        unidad: 'MES',
        moneda: 'EUR',
        afectacionIgv: '40',
        precio: 1.234,
        vigenteDesde: '20/11/2026',
      },
    });
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().errors).sort()).toEqual(
      ['afectacionIgv', 'codigo', 'descripcion', 'moneda', 'precio', 'unidad', 'vigenteDesde'].sort(),
    );
    const repetido = await tesorero.post('/api/Tarifa/Guardar', {
      data: {
        codigo: 'PESAJE',
        descripcion: 'Otro',
        unidad: 'TARJETA',
        moneda: 'PEN',
        afectacionIgv: '10',
        precio: 1,
        vigenteDesde: '2026-01-01',
      },
    });
    expect(repetido.statusCode).toBe(422);
    expect((await cliente.post('/api/Tarifa/Guardar', { data: {} })).statusCode).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('un precio de hoy mal escrito se corrige el mismo día; uno ya pasado no se reescribe', async () => {
    const tarifa = (precio: number, vigenteDesde: string, descripcion = 'Tarjeta de acceso vehicular') =>
      tesorero.post('/api/Tarifa/Guardar', {
        data: {
          codigoServicio: nueva?.codigoServicio ?? null,
          codigo: 'TARJETA_VEH',
          descripcion,
          unidad: 'TARJETA',
          moneda: 'PEN',
          afectacionIgv: '10',
          precio,
          vigenteDesde,
        },
      });
    let nueva: { codigoServicio: number } | undefined;
    const r0 = await tarifa(30, '2026-01-01');
    expect(r0.statusCode, r0.body).toBe(200);
    nueva = r0.json().data;
    expect((await tarifa(300, '2026-11-20')).json().data.precio).toBe('300.00');
    // 300 was meant to be 30.50: saved again today (with a better description), it is corrected, not refused.
    const corregida = await tarifa(30.5, '2026-11-20', 'Tarjeta de acceso para vehículos');
    expect(corregida.statusCode, corregida.body).toBe(200);
    expect(corregida.json().data).toMatchObject({ precio: '30.50', descripcion: 'Tarjeta de acceso para vehículos' });
    const h = (await tesorero.get(`/api/Tarifa/HistorialPrecios?CodigoServicio=${nueva?.codigoServicio}`)).json().data;
    expect(h.map((p: { precio: string; vigenteDesde: string }) => [p.vigenteDesde, p.precio])).toEqual([
      ['2026-11-20', '30.50'],
      ['2026-01-01', '30.00'],
    ]);
    // The January price was in force for months: it is not rewritten.
    const pasado = await tarifa(31, '2026-01-01');
    expect(pasado.statusCode).toBe(422);
    expect(pasado.json().errors).toEqual({ vigenteDesde: [MENSAJES_FINANZAS.precioRepetido] });
  });
});

describe('comprobantes: aritmética con decimales', () => {
  it('gravado: 3 × 100.00 = 300.00, IGV 54.00, total 354.00, en letras', async () => {
    const r = await emitir(tesorero, empresaA, [['PESAJE', 3]]);
    expect(r.statusCode, r.body).toBe(200);
    const d = await detalle(r.json().data.codigoComprobante);
    expect([d.serie, d.totalGravado, d.totalExonerado, d.igv, d.total, d.saldo, d.estado]).toEqual([
      'F001',
      '300.00',
      '0.00',
      '54.00',
      '354.00',
      '354.00',
      'PENDIENTE',
    ]);
    expect(d.montoLetras).toBe('TRESCIENTOS CINCUENTA Y CUATRO CON 00/100 SOLES');
  });

  it('exonerado: 2 × 50.00 = 100.00 sin IGV', async () => {
    const r = await emitir(tesorero, empresaA, [['ALMACEN', 2]], '03');
    const d = await detalle(r.json().data.codigoComprobante);
    expect([d.serie, d.totalGravado, d.totalExonerado, d.igv, d.total]).toEqual([
      'B001',
      '0.00',
      '100.00',
      '0.00',
      '100.00',
    ]);
    expect(d.montoLetras).toBe('CIEN CON 00/100 SOLES');
  });

  it('mixto: 3 × 33.33 gravado + 50.00 exonerado + 3 × 0.10 inafecto, sin deriva de coma flotante', async () => {
    const r = await emitir(tesorero, empresaA, [
      ['TARJETA', 3],
      ['ALMACEN', 1],
      ['CONSTANCIA', 3],
    ]);
    const d = await detalle(r.json().data.codigoComprobante);
    // 99.99 × 0.18 = 17.9982 → 18.00; 99.99 + 18.00 + 50.00 + 0.30 = 168.29
    expect([d.totalGravado, d.totalExonerado, d.totalInafecto, d.igv, d.total]).toEqual([
      '99.99',
      '50.00',
      '0.30',
      '18.00',
      '168.29',
    ]);
    expect(d.lineas.map((l: { valorVenta: string; igv: string }) => [l.valorVenta, l.igv])).toEqual([
      ['99.99', '18.00'],
      ['50.00', '0.00'],
      ['0.30', '0.00'],
    ]);
    expect(d.montoLetras).toBe('CIENTO SESENTA Y OCHO CON 29/100 SOLES');
  });

  it('nota de crédito parcial: 1 de 3 pesajes = 118.00 y reduce el saldo a 236.00', async () => {
    const f = (await emitir(tesorero, empresaA, [['PESAJE', 3]])).json().data;
    const r = await tesorero.post('/api/Comprobante/EmitirNotaCredito', {
      data: {
        codigoComprobante: f.codigoComprobante,
        codigoMotivo: '07',
        motivo: 'Un pesaje cobrado de más',
        lineas: [{ orden: 1, cantidad: 1 }],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const n = await detalle(r.json().data.codigoComprobante);
    expect([n.tipoComprobante, n.serie, n.totalGravado, n.igv, n.total, n.referencia, n.estado]).toEqual([
      '07',
      'FC01',
      '100.00',
      '18.00',
      '118.00',
      `F001-${String(f.numero).padStart(8, '0')}`,
      'EMITIDA',
    ]);
    const o = await detalle(f.codigoComprobante);
    expect([o.saldo, o.estado, o.notas.length]).toEqual(['236.00', 'PARCIAL', 1]);
    // A second note above the balance is refused.
    const exceso = await tesorero.post('/api/Comprobante/EmitirNotaCredito', {
      data: { codigoComprobante: f.codigoComprobante, codigoMotivo: '01', motivo: 'Anulación' },
    });
    expect(exceso.statusCode).toBe(422);
    expect(exceso.json().message).toBe(MENSAJES_FINANZAS.notaExcede);
  });

  it('monto en letras', () => {
    expect(enteroEnLetras(1_021_001)).toBe('UN MILLÓN VEINTIÚN MIL UNO');
    expect(montoEnLetras('0.5', 'USD')).toBe('CERO CON 50/100 DÓLARES AMERICANOS');
    expect(montoEnLetras('2500.07', 'PEN')).toBe('DOS MIL QUINIENTOS CON 07/100 SOLES');
  });
});

describe('comprobantes: XML UBL 2.1 y firma', () => {
  it('cada tipo valida contra el esquema OASIS y su firma verifica con xmlsec1; un XML alterado no', async () => {
    const [cert] = await e.db.select().from(certificadoFirma);
    expect(cert?.certificadoPem).toContain('BEGIN CERTIFICATE');
    writeFileSync(join(dir, 'cert.pem'), cert?.certificadoPem ?? '');
    const filas = (await tesorero.get('/api/Comprobante/ListarDatos?limit=100')).json().data as {
      codigoComprobante: number;
      tipoComprobante: string;
      hash: string;
    }[];
    const tipos = new Set(filas.map((f) => f.tipoComprobante));
    expect([...tipos].sort()).toEqual(['01', '03', '07']);
    for (const tipo of tipos) {
      const f = filas.find((x) => x.tipoComprobante === tipo);
      if (!f) continue;
      const r = await tesorero.get(`/api/Comprobante/DescargarXml?CodigoComprobante=${f.codigoComprobante}`);
      expect(r.headers['content-type']).toContain('application/xml');
      const xml = r.body;
      expect(xml).toContain('<ext:ExtensionContent><ds:Signature');
      expect(xml).toContain(`<ds:DigestValue>${f.hash}</ds:DigestValue>`);
      expect(xml).toContain('<ds:X509Certificate>');
      expect(xml).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      const archivo = join(dir, `v${tipo}.xml`);
      writeFileSync(archivo, xml);
      const esquema = join(XSD, tipo === '07' ? 'UBL-CreditNote-2.1.xsd' : 'UBL-Invoice-2.1.xsd');
      const v = spawnSync('xmllint', ['--noout', '--schema', esquema, archivo], { encoding: 'utf8' });
      expect(v.status, v.stderr).toBe(0);
      const firma = spawnSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'cert.pem'), archivo], {
        encoding: 'utf8',
      });
      expect(firma.status, firma.stderr).toBe(0);
      const alterado = join(dir, `alterado${tipo}.xml`);
      writeFileSync(
        alterado,
        xml.replace(/<cbc:PayableAmount currencyID="PEN">[\d.]+</, '<cbc:PayableAmount currencyID="PEN">1.00<'),
      );
      const mala = spawnSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'cert.pem'), alterado], {
        encoding: 'utf8',
      });
      expect(mala.status).not.toBe(0);
    }
  });

  it('el PDF lleva el hash y el QR', async () => {
    const [f] = (await tesorero.get('/api/Comprobante/ListarDatos?limit=1')).json().data;
    const r = await e.app.inject({
      method: 'GET',
      url: `/api/Comprobante/DescargarPdf?CodigoComprobante=${f.codigoComprobante}`,
      headers: { authorization: `Bearer ${tesorero.token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = execFileSync('strings', ['-n', '8'], { input: r.rawPayload }).toString();
    expect(texto).toContain('/Subtype /Image');
  });
});

describe('numeración', () => {
  it('20 emisiones concurrentes toman números consecutivos sin huecos', async () => {
    const antes = (await tesorero.get('/api/Comprobante/ListarDatos?limit=100&Columna=serie&Valor=B001')).json().meta
      .total;
    const rs = await Promise.all(Array.from({ length: 20 }, () => emitir(tesorero, empresaB, [['ALMACEN', 1]], '03')));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numeros = rs.map((r) => r.json().data.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_v, i) => antes + i + 1));
  });
});

describe('renovación de transportistas', () => {
  it('renueva un registro vencido por un año y factura su tarifa a la empresa; sin tarifa se rechaza sin cambios', async () => {
    const [t] = await e.db
      .insert(transportistaUsuario)
      .values({
        codigoEmpresaUsuario: empresaB,
        ruc: '20445566773',
        razonSocial: 'TRANSPORTES SUR S.A.C.',
        fechaInicio: '2025-01-01',
        fechaCese: '2025-12-31',
      })
      .returning();
    const id = t?.codigoTransportistaUsuario ?? 0;
    const sinTarifa = await tesorero.post('/api/Finanzas/RenovarTransportista', {
      data: { codigoTransportistaUsuario: id },
    });
    expect(sinTarifa.statusCode).toBe(422);
    expect(sinTarifa.json().message).toBe(MENSAJES_FINANZAS.sinTarifaRegistro);
    await tesorero.post('/api/Tarifa/Guardar', {
      data: {
        codigo: 'REG_TRANSP',
        descripcion: 'Registro anual de transportista',
        unidad: 'REGISTRO_ANUAL',
        moneda: 'PEN',
        afectacionIgv: '30',
        precio: 120,
        vigenteDesde: '2026-01-01',
      },
    });
    const r = await tesorero.post('/api/Finanzas/RenovarTransportista', { data: { codigoTransportistaUsuario: id } });
    expect(r.statusCode, r.body).toBe(200);
    expect([r.json().data.codigoEmpresaUsuario, r.json().data.total]).toEqual([empresaB, '120.00']);
    const [despues] = await e.db
      .select()
      .from(transportistaUsuario)
      .where(eq(transportistaUsuario.codigoTransportistaUsuario, id));
    expect([despues?.fechaInicio, despues?.fechaCese]).toEqual(['2026-11-20', '2027-11-19']);
    const otro = await e.sesion(8, empresaA);
    expect(
      (await otro.post('/api/Finanzas/RenovarTransportista', { data: { codigoTransportistaUsuario: id } })).statusCode,
    ).toBe(403);
  });
});

describe('tenencia', () => {
  it('una empresa ve solo sus comprobantes; los de otra son 404', async () => {
    const cliente = await e.sesion(8, empresaA);
    const l = (await cliente.get('/api/Comprobante/ListarDatos?limit=100&CodigoEmpresaUsuario=-1')).json();
    expect(l.data.length).toBeGreaterThan(0);
    expect(l.data.every((f: { codigoEmpresaUsuario: number }) => f.codigoEmpresaUsuario === empresaA)).toBe(true);
    const ajena = (await tesorero.get(`/api/Comprobante/ListarDatos?limit=1&CodigoEmpresaUsuario=${empresaB}`)).json()
      .data[0];
    expect(
      (await cliente.get(`/api/Comprobante/DescargarXml?CodigoComprobante=${ajena.codigoComprobante}`)).statusCode,
    ).toBe(404);
    expect(
      (await cliente.get(`/api/Comprobante/Consultar?CodigoComprobante=${ajena.codigoComprobante}`)).statusCode,
    ).toBe(404);
    const pago = await cliente.post('/api/Pago/Registrar', {
      data: { codigoComprobante: ajena.codigoComprobante, monto: 1, fechaPago: '2026-11-20', metodo: 'EFECTIVO' },
    });
    expect(pago.statusCode).toBe(403);
  });
});

describe('facturación automática', () => {
  it('la vista previa traza cada línea a sus órdenes; emitir dos veces (aun a la vez) factura una sola vez', async () => {
    const f = fabricaEtapas(e.db);
    const empresaC = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const codigos: string[] = [];
    for (const fecha of [
      '2026-10-01T05:00:00Z',
      '2026-10-15T12:00:00Z',
      '2026-11-01T04:59:00Z',
      '2026-11-01T05:00:00Z',
    ]) {
      const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresaC });
      codigos.push(m.codigoIngreso);
      await e.db.insert(controlMovimiento).values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 2,
        estadoDesde: 2,
        estadoHasta: 3,
        codigoUsuarioRegistro: tesorero.usuario.codigoUsuario,
        fechaRegistro: new Date(fecha),
      });
    }
    const previa = (
      await tesorero.get(`/api/Facturacion/Previsualizar?Periodo=2026-10&CodigoEmpresaUsuario=${empresaC}`)
    ).json().data;
    expect(previa).toHaveLength(1);
    // October in Lima: the last instant (Nov 1 04:59 UTC) is in, Nov 1 05:00 UTC is November.
    expect(previa[0].lineas[0].origen).toEqual(codigos.slice(0, 3));
    expect([
      previa[0].lineas[0].cantidad,
      previa[0].gravado,
      previa[0].igv,
      previa[0].total,
      previa[0].facturado,
    ]).toEqual(['3', '300.00', '54.00', '354.00', false]);
    const [a, b] = await Promise.all([
      tesorero.post('/api/Facturacion/Emitir', { data: { periodo: '2026-10', codigoEmpresaUsuario: empresaC } }),
      tesorero.post('/api/Facturacion/Emitir', { data: { periodo: '2026-10', codigoEmpresaUsuario: empresaC } }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect((a?.json().data.comprobantesEmitidos ?? 0) + (b?.json().data.comprobantesEmitidos ?? 0)).toBe(1);
    const otra = await tesorero.post('/api/Facturacion/Emitir', {
      data: { periodo: '2026-10', codigoEmpresaUsuario: empresaC },
    });
    expect(otra.json().data.comprobantesEmitidos).toBe(0);
    expect(otra.json().data.empresasOmitidas).toBe(1);
    const [{ n } = { n: -1 }] = await e.db
      .select({ n: count() })
      .from(comprobante)
      .where(eq(comprobante.codigoEmpresaUsuario, empresaC));
    expect(n).toBe(1);
    const despues = (
      await tesorero.get(`/api/Facturacion/Previsualizar?Periodo=2026-10&CodigoEmpresaUsuario=${empresaC}`)
    ).json().data;
    expect(despues[0].facturado).toBe(true);
    expect(despues[0].comprobante).toMatch(/^F001-\d{8}$/);
    const corridas = (await tesorero.get('/api/Facturacion/ListarCorridas?limit=10')).json().data;
    expect(corridas).toHaveLength(3);
    const mal = await tesorero.get('/api/Facturacion/Previsualizar?Periodo=2026-13');
    expect(mal.statusCode).toBe(422);
    // Today is 2026-11-20 in Lima: December has not begun, nothing of it is billed (no run, no period claimed).
    const futuro = await tesorero.post('/api/Facturacion/Emitir', {
      data: { periodo: '2026-12', codigoEmpresaUsuario: empresaC },
    });
    expect(futuro.statusCode, futuro.body).toBe(422);
    expect(futuro.json().message).toBe(MENSAJES_FINANZAS.periodoFuturo);
    expect((await tesorero.get('/api/Facturacion/ListarCorridas?limit=10')).json().data).toHaveLength(3);
  });
});

describe('pagos, deuda y bloqueo', () => {
  it('pago parcial, exceso rechazado, bloqueo por deuda vencida en el control de seguridad y levantado al pagar', async () => {
    const f = fabricaEtapas(e.db);
    const deudora = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const v = (await emitir(tesorero, deudora, [['PESAJE', 1]])).json().data; // 118.00, vence en 30 días
    const parcial = await tesorero.post('/api/Pago/Registrar', {
      data: {
        codigoComprobante: v.codigoComprobante,
        monto: 18.5,
        fechaPago: '2026-11-20',
        metodo: 'TRANSFERENCIA',
        referencia: 'OP-1',
      },
    });
    expect(parcial.statusCode, parcial.body).toBe(200);
    let d = await detalle(v.codigoComprobante);
    expect([d.saldo, d.estado, d.pagos.length]).toEqual(['99.50', 'PARCIAL', 1]);
    const antes = await e.contarAuditoria();
    const exceso = await tesorero.post('/api/Pago/Registrar', {
      data: { codigoComprobante: v.codigoComprobante, monto: 99.51, fechaPago: '2026-11-20', metodo: 'EFECTIVO' },
    });
    expect(exceso.statusCode).toBe(422);
    expect(exceso.json().errors.monto[0]).toContain(MENSAJES_FINANZAS.pagoExcede);
    // A payment dated tomorrow (Lima), or before the voucher was issued, is refused on its field.
    const enFecha = (fechaPago: string) =>
      tesorero.post('/api/Pago/Registrar', {
        data: { codigoComprobante: v.codigoComprobante, monto: 1, fechaPago, metodo: 'EFECTIVO' },
      });
    const futuro = await enFecha('2026-11-21');
    expect(futuro.statusCode, futuro.body).toBe(422);
    expect(futuro.json().errors).toEqual({ fechaPago: [MENSAJES_FINANZAS.pagoFechaFutura] });
    const previo = await enFecha('2026-11-19');
    expect(previo.statusCode, previo.body).toBe(422);
    expect(previo.json().errors).toEqual({ fechaPago: [`${MENSAJES_FINANZAS.pagoAntesDeEmision} (20/11/2026)`] });
    expect(await e.contarAuditoria()).toBe(antes);

    const m = await f.crearMovimiento({ codigoEmpresaUsuario: deudora });
    const control = (seguridad: Sesion) =>
      seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Lista de revisión sin marcar en la prueba',
      });
    // Due in 30 days; 15 more days of grace: day 45 still passes, day 46 is blocked.
    e.reloj.avanzar(45 * 86_400_000);
    // Sessions expire in 12 h: sign in again on the new day.
    let seguridad = await e.sesion(3, 1);
    const b0 = await seguridad.get(`/api/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo?Codigo=${deudora}`);
    expect(b0.json().data?.indicadorBloqueo, b0.body).toBe(false);
    e.reloj.avanzar(86_400_000);
    seguridad = await e.sesion(3, 1);
    const tesoreroDespues = await e.sesion(9, 1);
    expect(
      (await seguridad.get(`/api/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo?Codigo=${deudora}`)).json().data
        .indicadorBloqueo,
    ).toBe(true);
    const rechazo = await control(seguridad);
    expect(rechazo.statusCode).toBe(423);
    expect(rechazo.json().message).toBe(MENSAJES_ETAPAS.bloqueoDeuda);
    d = (await tesoreroDespues.get(`/api/Comprobante/Consultar?CodigoComprobante=${v.codigoComprobante}`)).json().data;
    // 16 days late × 0.05 % × 99.50 = 0.796 → 0.80
    expect([d.diasAtraso, d.mora]).toEqual([16, '0.80']);
    const reporte = (
      await tesoreroDespues.get(`/api/ReporteFinanciero/ListarDeuda?SoloVencidos=true&Columna=ruc&Valor=${d.ruc}`)
    ).json().data;
    expect(reporte).toEqual([
      expect.objectContaining({
        diasAtraso: 16,
        montoFactura: '118.00',
        montoAdeudado: '99.50',
        mora: '0.80',
        deudaTotal: '100.30',
      }),
    ]);
    const excel = await e.app.inject({
      method: 'GET',
      url: '/api/ReporteFinanciero/ExportarExcel?SoloVencidos=true',
      headers: { authorization: `Bearer ${tesoreroDespues.token}` },
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const resto = await tesoreroDespues.post('/api/Pago/Registrar', {
      data: { codigoComprobante: v.codigoComprobante, monto: 99.5, fechaPago: '2027-01-05', metodo: 'DEPOSITO' },
    });
    expect(resto.statusCode).toBe(200);
    const [emp] = await e.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, deudora));
    expect(emp?.indicadorBloqueo).toBe(false);
    expect((await control(seguridad)).statusCode).toBe(200);
    expect(
      (await tesoreroDespues.get(`/api/Comprobante/Consultar?CodigoComprobante=${v.codigoComprobante}`)).json().data
        .estado,
    ).toBe('PAGADO');
    const auditados = await e.db.select().from(logSistema).where(eq(logSistema.tipo, 'PAGO_REGISTRAR'));
    expect(auditados.length).toBe(2);
    const [{ n } = { n: -1 }] = await e.db
      .select({ n: count() })
      .from(pagoComprobante)
      .where(eq(pagoComprobante.codigoComprobante, v.codigoComprobante));
    expect(n).toBe(2);
  });
});

describe('envío', () => {
  it('sin conexión el comprobante queda en cola; tras reiniciar se envía una sola vez y se guarda el CDR', async () => {
    const recibidos: string[] = [];
    let servidor: Server | undefined;
    const configBase = { NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' } as const;
    // The vouchers of the tests before are sent first (the queue takes the oldest pending one first).
    await colaDe(e.db)?.esperar();
    // First instance: the receiver's address answers nothing.
    const apagado = createServer();
    await new Promise<void>((ok) => apagado.listen(0, '127.0.0.1', ok));
    const puertoApagado = (apagado.address() as AddressInfo).port;
    await new Promise((ok) => apagado.close(ok));
    const app1 = await construirApp({
      config: cargarConfig({ ...configBase, ENVIO_COMPROBANTES_URL: `http://127.0.0.1:${puertoApagado}/ose` }),
      base: e.base,
      ahora: e.reloj.ahora,
      logger: false,
    });
    await app1.ready();
    const token = await (async () => {
      const u = await e.crearUsuario(9, 1);
      const r = await app1.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { nombreUsuario: u.nombreUsuario, contrasenia: 'Prueba.2026' },
      });
      return r.json().data.token as string;
    })();
    const r = await app1.inject({
      method: 'POST',
      url: '/api/Comprobante/Emitir',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        data: {
          codigoEmpresaUsuario: empresaA,
          tipoComprobante: '01',
          lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 1 }],
        },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.codigoComprobante as number;
    // This instance's own queue (app1.trabajos): the wake after the issue, then one more look.
    await app1.trabajos.esperar(TRABAJO_COLA_COMPROBANTES);
    await app1.trabajos.despertar(TRABAJO_COLA_COMPROBANTES);
    const [pendiente] = await e.db.select().from(comprobante).where(eq(comprobante.codigoComprobante, id));
    expect(pendiente?.estadoEnvio).toBe('PENDIENTE');
    expect(pendiente?.errorEnvio).toContain('Sin conexión');
    await app1.close();

    // The receiver comes back; a new instance (a restart) sends what was queued, once.
    servidor = createServer((req, res) => {
      let cuerpo = '';
      req.on('data', (t) => {
        cuerpo += t;
      });
      req.on('end', () => {
        recibidos.push(decodeURIComponent(req.url ?? ''));
        res.setHeader('content-type', 'application/xml');
        res.end(
          construirCdr(
            decodeURIComponent(req.url ?? '')
              .split('/')
              .pop() ?? '',
            cuerpo.includes('SignatureValue'),
            'Aceptado',
            new Date(),
          ),
        );
      });
    });
    await new Promise<void>((ok) => servidor?.listen(0, '127.0.0.1', ok));
    const puerto = (servidor.address() as AddressInfo).port;
    const app2 = await construirApp({
      config: cargarConfig({ ...configBase, ENVIO_COMPROBANTES_URL: `http://127.0.0.1:${puerto}/ose` }),
      base: e.base,
      ahora: e.reloj.ahora,
      logger: false,
    });
    await app2.ready();
    const cola2 = () => app2.trabajos.despertar(TRABAJO_COLA_COMPROBANTES);
    await Promise.all([cola2(), cola2(), cola2()]);
    await cola2();
    const nuestro = recibidos.filter((u) => u.endsWith(`-01-F001-${pendiente?.numero}`));
    expect(nuestro).toHaveLength(1);
    const [enviado] = await e.db.select().from(comprobante).where(eq(comprobante.codigoComprobante, id));
    expect(enviado?.estadoEnvio).toBe('ACEPTADO');
    expect(enviado?.cdr).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    const cdr = await app2.inject({
      method: 'GET',
      url: `/api/Comprobante/DescargarCdr?CodigoComprobante=${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cdr.statusCode).toBe(200);
    expect(cdr.body).toContain('ApplicationResponse');
    await app2.close();
    await new Promise((ok) => servidor?.close(ok));
  });
});
