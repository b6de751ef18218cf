import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { crearLote } from '../../../test/fabricas-movimiento';
import { almacen, catalogoUsuario, equivalenciaCatalogo, kardex, lote, produccion } from '../../db/schema';
import { requerimientos } from './cip.service';
import { fraccion, mul, redondear } from './decimal';

let e: Entorno;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let operador: Sesion;
let usuarioA: Sesion;
let usuarioB: Sesion;
let empresaA: number;
let empresaB: number;
let almacenA: number;
let terminado: number;
let harina: number;
let azucar: number;
let ajenoB: number;
let terminadoB: number;
const HOY = '2026-11-20';

async function producto(empresa: number, descripcion: string, unidad: string, existencia: string) {
  const [p] = await e.db
    .insert(catalogoUsuario)
    .values({
      codigoEmpresaUsuario: empresa,
      descripcion,
      numeroPartida: '1905901000',
      codigoUnidadMedida: unidad,
      codigoExistencia: existencia,
    })
    .returning();
  return p?.codigoCatalogoUsuario as number;
}

const stockLote = async (codigoLote: number) =>
  Number((await e.db.select().from(lote).where(eq(lote.codigoLote, codigoLote)))[0]?.cantidadStock);
const kardexDe = (producto: number) =>
  e.db.select().from(kardex).where(eq(kardex.codigoCatalogoUsuario, producto)).orderBy(kardex.codigoKardex);

const insumosBase = () => [
  // 250 g of flour per unit, in grams (the flour's unit is KGM; the catalogue says 1 KGM = 1000 GRM), 2.5 % waste.
  {
    codigoCatalogoUsuario: harina,
    cantidadPorUnidad: 250,
    codigoUnidadMedida: 'GRM',
    porcentajeMerma: 2.5,
    porcentajeResiduo: 1,
  },
  // 0.125 kg of sugar per unit, 4 % waste.
  { codigoCatalogoUsuario: azucar, cantidadPorUnidad: 0.125, codigoUnidadMedida: 'KGM', porcentajeMerma: 4 },
];

async function cipAprobado(producto: number, insumos: unknown[], desde = '2026-01-01', s: Sesion = usuarioA) {
  const g = await s.post('/api/Industria/GuardarCip', {
    codigoCatalogoUsuario: producto,
    fechaInicioVigencia: desde,
    insumos,
  });
  expect(g.statusCode, g.body).toBe(200);
  const codigoCip = g.json().data.codigoCip as number;
  expect((await s.post('/api/Industria/EnviarCip', { codigoCip })).statusCode).toBe(200);
  const a = await operador.post('/api/Industria/RevisarCip', { codigoCip, decision: 'APROBAR' });
  expect(a.statusCode, a.body).toBe(200);
  return codigoCip;
}

beforeAll(async () => {
  e = await crearEntorno();
  empresaA = (await e.crearEmpresa()).codigoEmpresaUsuario;
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  const [alm] = await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresaA));
  almacenA = alm?.codigoEmpresaAlmacen as number;
  operador = await e.sesion(2, 1);
  usuarioA = await e.sesion(8, empresaA);
  usuarioB = await e.sesion(8, empresaB);
  terminado = await producto(empresaA, 'GALLETAS DE VAINILLA CAJA X 24', 'NIU', '02');
  harina = await producto(empresaA, 'HARINA DE TRIGO', 'KGM', '03');
  azucar = await producto(empresaA, 'AZUCAR RUBIA', 'KGM', '03');
  ajenoB = await producto(empresaB, 'HARINA DE LA EMPRESA B', 'KGM', '03');
  terminadoB = await producto(empresaB, 'PAN DE LA EMPRESA B', 'NIU', '02');
  await e.db.insert(equivalenciaCatalogo).values({
    codigoCatalogoUsuario: harina,
    cantidadBase: '1',
    codigoUnidadMedidaBase: 'KGM',
    cantidadEquivalente: '1000',
    codigoUnidadMedidaEquivalencia: 'GRM',
  });
});
afterAll(async () => {
  await e?.cerrar();
});

describe('coefficient arithmetic (decimal, hand-computed)', () => {
  it('quantity × coefficient × equivalence, waste rounded once to 3 decimals', () => {
    const r = requerimientos('7', [
      // 7 × 250 g = 1 750 g = 1.750 kg; waste 2.5 % = 0.04375 → 0.044
      {
        codigoCatalogoUsuario: 1,
        insumo: 'H',
        unidad: 'KGM',
        cantidadPorUnidad: '250',
        factorNumerador: '1',
        factorDenominador: '1000',
        porcentajeMerma: '2.5',
      },
      // 7 × 0.125 = 0.875 kg; waste 4 % = 0.035
      {
        codigoCatalogoUsuario: 2,
        insumo: 'A',
        unidad: 'KGM',
        cantidadPorUnidad: '0.125',
        factorNumerador: '1',
        factorDenominador: '1',
        porcentajeMerma: '4',
      },
      // 3 × 0.1 = 0.3 exactly (binary floating point gives 0.30000000000000004); waste 33.33 % = 0.09999 → 0.100
      {
        codigoCatalogoUsuario: 3,
        insumo: 'C',
        unidad: 'NIU',
        cantidadPorUnidad: '0.1',
        factorNumerador: '3',
        factorDenominador: '7',
        porcentajeMerma: '0',
      },
    ]);
    expect(r.map((x) => [x.neto, x.merma])).toEqual([
      ['1.750', '0.044'],
      ['0.875', '0.035'],
      // 7 × 0.1 × 3/7 = 0.3 exactly: the fraction never becomes a repeating decimal before the end
      ['0.300', '0.000'],
    ]);
    const r2 = requerimientos('3', [
      {
        codigoCatalogoUsuario: 1,
        insumo: 'X',
        unidad: 'KGM',
        cantidadPorUnidad: '0.1',
        factorNumerador: '1',
        factorDenominador: '1',
        porcentajeMerma: '33.33',
      },
    ]);
    expect([r2[0]?.neto, r2[0]?.merma]).toEqual(['0.300', '0.100']);
    expect(redondear(mul(fraccion('0.0005'), fraccion('1')))).toBe('0.001');
    expect(redondear(mul(fraccion('-0.0005'), fraccion('1')))).toBe('-0.001');
  });
});

describe('CIP and production report', () => {
  let codigoCip: number;
  let lotesHarina: number[];
  let loteAzucar: number;

  it('a company writes a CIP; production before approval is refused; the operator approves', async () => {
    const g = await usuarioA.post('/api/Industria/GuardarCip', {
      codigoCatalogoUsuario: terminado,
      fechaInicioVigencia: '2026-01-01',
      insumos: insumosBase(),
    });
    expect(g.statusCode, g.body).toBe(200);
    codigoCip = g.json().data.codigoCip;
    expect(g.json().data.numeroVersion).toBe(1);
    const d = (await usuarioA.get(`/api/Industria/ConsultarCip?CodigoCip=${codigoCip}`)).json().data;
    expect(d.descripcionEstado).toBe('BORRADOR');
    expect(d.detalle[0]).toMatchObject({
      codigoUnidadMedida: 'GRM',
      codigoUnidadMedidaInsumo: 'KGM',
      factorConversion: 0.001,
    });

    lotesHarina = [
      await crearLote(e, almacenA, harina, 1, 'F001-1'),
      await crearLote(e, almacenA, harina, 5, 'F001-2'),
    ];
    loteAzucar = await crearLote(e, almacenA, azucar, 2, 'F001-3');

    const antes = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 7,
      fechaProduccion: HOY,
    });
    expect(antes.statusCode).toBe(422);
    expect(antes.json().errors.codigoCatalogoUsuario[0]).toMatch(/no tiene un CIP aprobado/);

    // Roles: the company cannot review; the operator cannot review a draft.
    expect((await usuarioA.post('/api/Industria/RevisarCip', { codigoCip, decision: 'APROBAR' })).statusCode).toBe(403);
    expect((await operador.post('/api/Industria/RevisarCip', { codigoCip, decision: 'APROBAR' })).statusCode).toBe(409);
    expect((await usuarioA.post('/api/Industria/EnviarCip', { codigoCip })).statusCode).toBe(200);
    expect((await usuarioA.post('/api/Industria/EnviarCip', { codigoCip })).statusCode).toBe(409);
    // Submitted: no longer editable.
    const ed = await usuarioA.post('/api/Industria/GuardarCip', {
      codigoCip,
      codigoCatalogoUsuario: terminado,
      fechaInicioVigencia: '2026-01-01',
      insumos: insumosBase(),
    });
    expect(ed.statusCode).toBe(409);
    const ap = await operador.post('/api/Industria/RevisarCip', { codigoCip, decision: 'APROBAR' });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json().data.codigoEstado).toBe(3);
  });

  it('a report debits inputs oldest lot first (10), writes the waste (13) and creates the finished lot (19)', async () => {
    const r = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 7,
      fechaProduccion: HOY,
      pesoNeto: 10,
      pesoBruto: 12,
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data;
    expect(p.cantidad).toBe(7);
    expect(p.numero).toMatch(/^PROD-\d{6}$/);
    // Flour: 1.750 into the product (1.000 from the oldest lot, 0.750 from the next) + 0.044 waste.
    expect(await stockLote(lotesHarina[0] as number)).toBe(0);
    expect(await stockLote(lotesHarina[1] as number)).toBeCloseTo(5 - 0.75 - 0.044, 6);
    // Sugar: 0.875 + 0.035.
    expect(await stockLote(loteAzucar)).toBeCloseTo(2 - 0.91, 6);
    const kh = (await kardexDe(harina)).filter((k) => k.numeroDocumento === p.numero);
    expect(kh.map((k) => [k.tipoOperacion, k.cantidad])).toEqual([
      ['10', '1.000'],
      ['10', '0.750'],
      ['13', '0.044'],
    ]);
    const ka = (await kardexDe(azucar)).filter((k) => k.numeroDocumento === p.numero);
    expect(ka.map((k) => [k.tipoOperacion, k.cantidad])).toEqual([
      ['10', '0.875'],
      ['13', '0.035'],
    ]);
    const kt = await kardexDe(terminado);
    expect(kt.map((k) => [k.tipo, k.tipoOperacion, k.cantidad, k.saldoProducto])).toEqual([
      ['E', '19', '7.000', '7.000'],
    ]);
    expect(await stockLote(p.codigoLote)).toBe(7);
    expect(p.consumos).toHaveLength(3);

    // The product's history and the production list show it.
    const h = (await usuarioA.get(`/api/Industria/HistorialCip?CodigoCatalogoUsuario=${terminado}`)).json().data;
    expect(
      h.map((x: { numeroVersion: number; descripcionEstado: string }) => [x.numeroVersion, x.descripcionEstado]),
    ).toEqual([[1, 'APROBADO']]);
    const l = (await usuarioA.get(`/api/Industria/ListarProduccion?CodigoCatalogoUsuario=${terminado}`)).json();
    expect(l.meta.total).toBe(1);
    // A certificate line taken from the report shows the product's tariff heading.
    expect(l.data[0].numeroPartida).toBe('1905901000');
  });

  it('a shortfall is refused naming the input and the missing quantity; nothing changes', async () => {
    const antes = {
      lotes: await Promise.all([...lotesHarina, loteAzucar].map(stockLote)),
      kardex: (await e.db.select().from(kardex)).length,
      producciones: (await e.db.select().from(produccion)).length,
      auditoria: await e.contarAuditoria(),
    };
    // 100 units: sugar needs 12.5 + 0.5 = 13.000, there is 1.090 → 11.910 missing; flour 25 + 0.625 vs 4.206.
    const r = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 100,
      fechaProduccion: HOY,
    });
    expect(r.statusCode).toBe(422);
    const errores = r.json().errors;
    expect(errores['insumos.0'][0]).toBe(
      'Stock insuficiente del insumo HARINA DE TRIGO: se requieren 25.625 KGM, hay 4.206; faltan 21.419 KGM',
    );
    expect(errores['insumos.1'][0]).toBe(
      'Stock insuficiente del insumo AZUCAR RUBIA: se requieren 13.000 KGM, hay 1.090; faltan 11.910 KGM',
    );
    expect({
      lotes: await Promise.all([...lotesHarina, loteAzucar].map(stockLote)),
      kardex: (await e.db.select().from(kardex)).length,
      producciones: (await e.db.select().from(produccion)).length,
      auditoria: await e.contarAuditoria(),
    }).toEqual(antes);
  });

  it('chosen lots are used in the order given; a lot of another input is refused', async () => {
    const nuevo = await crearLote(e, almacenA, harina, 3, 'F001-4');
    const extraAzucar = await crearLote(e, almacenA, azucar, 1, 'F001-5');
    const malo = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 1,
      fechaProduccion: HOY,
      lotes: [{ codigoCatalogoUsuario: harina, codigosLote: [loteAzucar] }],
    });
    expect(malo.statusCode).toBe(422);
    const r = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 1,
      fechaProduccion: HOY,
      lotes: [
        { codigoCatalogoUsuario: harina, codigosLote: [nuevo] },
        { codigoCatalogoUsuario: azucar, codigosLote: [extraAzucar] },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    // 0.250 + 0.006 (0.00625 rounds half away from zero) from the chosen lot only.
    expect(await stockLote(nuevo)).toBeCloseTo(3 - 0.256, 6);
    expect(await stockLote(lotesHarina[1] as number)).toBeCloseTo(5 - 0.794, 6);
  });

  it('two (and more) concurrent reports never overdraw an input', async () => {
    const prod = await producto(empresaA, 'JUGO DE NARANJA 1L', 'NIU', '02');
    const naranja = await producto(empresaA, 'NARANJA', 'KGM', '03');
    await cipAprobado(prod, [{ codigoCatalogoUsuario: naranja, cantidadPorUnidad: 1, codigoUnidadMedida: 'KGM' }]);
    const l = await crearLote(e, almacenA, naranja, 10, 'F002-1');
    const rs = await Promise.all(
      Array.from({ length: 6 }, () =>
        usuarioA.post('/api/Industria/RegistrarProduccion', {
          codigoCatalogoUsuario: prod,
          cantidad: 3,
          fechaProduccion: HOY,
        }),
      ),
    );
    const codigos = rs.map((r) => r.statusCode).sort();
    expect(codigos).toEqual([200, 200, 200, 422, 422, 422]);
    expect(await stockLote(l)).toBe(1);
    const k = await kardexDe(naranja);
    expect(k.at(-1)?.saldoProducto).toBe('1.000');
    expect(k.filter((x) => x.tipoOperacion === '10')).toHaveLength(3);
    expect((await kardexDe(prod)).at(-1)?.saldoProducto).toBe('9.000');
  });

  it('concurrent reports over several lots: each takes what is left, none is refused while stock remains', async () => {
    const prod = await producto(empresaA, 'NECTAR DE MANGO 1L', 'NIU', '02');
    const mango = await producto(empresaA, 'MANGO', 'KGM', '03');
    await cipAprobado(prod, [{ codigoCatalogoUsuario: mango, cantidadPorUnidad: 1, codigoUnidadMedida: 'KGM' }]);
    const lotes = [
      await crearLote(e, almacenA, mango, 3, 'F003-1'),
      await crearLote(e, almacenA, mango, 3, 'F003-2'),
      await crearLote(e, almacenA, mango, 4, 'F003-3'),
    ];
    const rs = await Promise.all(
      Array.from({ length: 6 }, () =>
        usuarioA.post('/api/Industria/RegistrarProduccion', {
          codigoCatalogoUsuario: prod,
          cantidad: 2,
          fechaProduccion: HOY,
        }),
      ),
    );
    // 10 kg in three lots, six reports of 2 kg: exactly five fit.
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 422]);
    expect(await Promise.all(lotes.map(stockLote))).toEqual([0, 0, 0]);
    expect((await kardexDe(mango)).at(-1)?.saldoProducto).toBe('0.000');
  });

  it('only an approved version valid on the date is used; approving a new one closes the previous', async () => {
    // Version 2 (draft) with double the sugar: not used while only a draft.
    const g = await usuarioA.post('/api/Industria/GuardarCip', {
      codigoCatalogoUsuario: terminado,
      fechaInicioVigencia: '2026-11-15',
      insumos: [insumosBase()[0], { ...insumosBase()[1], cantidadPorUnidad: 0.25, porcentajeMerma: 0 }],
    });
    expect(g.statusCode, g.body).toBe(200);
    const v2 = g.json().data.codigoCip;
    expect(g.json().data.numeroVersion).toBe(2);
    await crearLote(e, almacenA, azucar, 5, 'F001-6');
    const conV1 = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 2,
      fechaProduccion: HOY,
    });
    expect(conV1.json().data.numeroVersion).toBe(1);
    expect(
      conV1.json().data.consumos.find((c: { codigoCatalogoUsuario: number }) => c.codigoCatalogoUsuario === azucar)
        .cantidad,
    ).toBe(0.25);

    // Observed: back to the company with the operator's reason; editing returns it to draft.
    const vacia = await operador.post('/api/Industria/RevisarCip', {
      codigoCip: v2,
      decision: 'OBSERVAR',
      observacion: '',
    });
    expect(vacia.statusCode).toBe(422);
    await usuarioA.post('/api/Industria/EnviarCip', { codigoCip: v2 });
    const obs = await operador.post('/api/Industria/RevisarCip', {
      codigoCip: v2,
      decision: 'OBSERVAR',
      observacion: 'Sustente el aumento de azúcar',
    });
    expect(obs.statusCode).toBe(200);
    const d = (await usuarioA.get(`/api/Industria/ConsultarCip?CodigoCip=${v2}`)).json().data;
    expect([d.descripcionEstado, d.observacion]).toEqual(['OBSERVADO', 'Sustente el aumento de azúcar']);
    await usuarioA.post('/api/Industria/EnviarCip', { codigoCip: v2 });
    expect((await operador.post('/api/Industria/RevisarCip', { codigoCip: v2, decision: 'APROBAR' })).statusCode).toBe(
      200,
    );

    const v1 = (await usuarioA.get(`/api/Industria/ConsultarCip?CodigoCip=${codigoCip}`)).json().data;
    expect(v1.fechaFinVigencia).toBe('2026-11-14');
    const antes = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 1,
      fechaProduccion: '2026-11-10',
    });
    expect(antes.json().data.numeroVersion).toBe(1);
    const despues = await usuarioA.post('/api/Industria/RegistrarProduccion', {
      codigoCatalogoUsuario: terminado,
      cantidad: 1,
      fechaProduccion: HOY,
    });
    expect(despues.json().data.numeroVersion).toBe(2);
    expect(
      despues.json().data.consumos.find((c: { codigoCatalogoUsuario: number }) => c.codigoCatalogoUsuario === azucar),
    ).toMatchObject({ cantidad: 0.25, cantidadMerma: 0 });
  });

  it('a certificate request takes its lines from a production report; the detail shows which', async () => {
    const solicitante = await e.sesion(8, empresaA, { nivelUsuario: 2 });
    const p = (await usuarioA.get(`/api/Industria/ListarProduccion?CodigoCatalogoUsuario=${terminado}`)).json().data[0];
    const linea = {
      codigoCatalogoUsuario: terminado,
      cantidad: p.cantidad,
      pesoNeto: 1,
      pesoBruto: 2,
      codigoProduccion: p.codigoProduccion,
    };
    const pedir = (detalle: unknown[]) =>
      solicitante.post('/api/Movimiento/GuardarCertificadoManufactura', { data: { fechaEmision: HOY, detalle } });
    const excedida = await pedir([{ ...linea, cantidad: p.cantidad + 1 }]);
    expect(excedida.statusCode).toBe(422);
    expect(excedida.json().errors['detalle.0.cantidad']).toEqual([
      'La cantidad supera lo producido en el parte de producción',
    ]);
    const ajena = await pedir([{ ...linea, codigoCatalogoUsuario: harina, cantidad: 1 }]);
    expect(ajena.json().errors['detalle.0.codigoProduccion']).toEqual([
      'El parte de producción no es de este producto de la empresa',
    ]);
    const r = await pedir([linea]);
    expect(r.statusCode, r.body).toBe(200);
    const rd = await solicitante.get(
      `/api/Movimiento/ConsultarCertificadoManufactura?CodigoCertificadoManufactura=${r.json().data}`,
    );
    expect(rd.statusCode, rd.body).toBe(200);
    const d = rd.json().data;
    expect(d.detalle[0]).toMatchObject({
      codigoProduccion: p.codigoProduccion,
      numeroProduccion: p.numero,
      fechaProduccion: p.fechaProduccion,
      cantidad: p.cantidad,
    });
    // Another company cannot name A's production report.
    const solicitanteB = await e.sesion(8, empresaB, { nivelUsuario: 2 });
    const b = await solicitanteB.post('/api/Movimiento/GuardarCertificadoManufactura', {
      data: { fechaEmision: HOY, detalle: [{ ...linea, codigoCatalogoUsuario: terminadoB, cantidad: 1 }] },
    });
    expect(b.json().errors['detalle.0.codigoProduccion']).toBeDefined();
  });

  it('tenancy: another company’s CIP, product or production is a 404', async () => {
    expect((await usuarioB.get(`/api/Industria/ConsultarCip?CodigoCip=${codigoCip}`)).statusCode).toBe(404);
    expect((await usuarioB.get(`/api/Industria/DescargarCip?CodigoCip=${codigoCip}`)).statusCode).toBe(404);
    expect((await usuarioB.get(`/api/Industria/HistorialCip?CodigoCatalogoUsuario=${terminado}`)).statusCode).toBe(404);
    expect((await usuarioB.post('/api/Industria/EnviarCip', { codigoCip })).statusCode).toBe(404);
    const ed = await usuarioB.post('/api/Industria/GuardarCip', {
      codigoCip,
      codigoCatalogoUsuario: terminadoB,
      fechaInicioVigencia: '2026-01-01',
      insumos: [{ codigoCatalogoUsuario: ajenoB, cantidadPorUnidad: 1, codigoUnidadMedida: 'KGM' }],
    });
    expect(ed.statusCode).toBe(404);
    const otra = await usuarioB.post('/api/Industria/RegistrarProduccion', {
      codigoEmpresaUsuario: empresaA,
      codigoCatalogoUsuario: terminado,
      cantidad: 1,
      fechaProduccion: HOY,
    });
    expect(otra.statusCode).toBe(404);
    const p = (await usuarioA.get('/api/Industria/ListarProduccion')).json().data[0];
    expect(
      (await usuarioB.get(`/api/Industria/ConsultarProduccion?CodigoProduccion=${p.codigoProduccion}`)).statusCode,
    ).toBe(404);
    // Lists: B sees none of A's; the operator sees them.
    expect((await usuarioB.get('/api/Industria/ListarCip')).json().meta.total).toBe(0);
    expect((await usuarioB.get(`/api/Industria/ListarCip?CodigoEmpresaUsuario=${empresaA}`)).json().meta.total).toBe(0);
    expect(
      (await operador.get(`/api/Industria/ListarCip?CodigoEmpresaUsuario=${empresaA}`)).json().meta.total,
    ).toBeGreaterThan(1);
  });

  it('roles: a user without industry/cip gets 403; a supervisor cannot write', async () => {
    const sinModulo = await e.sesion(3, 1);
    expect((await sinModulo.get('/api/Industria/ListarCip')).statusCode).toBe(403);
    const soloLectura = await e.sesion(8, empresaA, {
      permisos: {
        'industry/cip': { permiteListar: true, permiteAgregar: false, permiteEditar: false, permiteEliminar: false },
      },
    });
    expect((await soloLectura.get('/api/Industria/ListarCip')).statusCode).toBe(200);
    const g = await soloLectura.post('/api/Industria/GuardarCip', {
      codigoCatalogoUsuario: terminado,
      fechaInicioVigencia: '2026-01-01',
      insumos: insumosBase(),
    });
    expect(g.statusCode).toBe(403);
    expect(
      (
        await soloLectura.post('/api/Industria/RegistrarProduccion', {
          codigoCatalogoUsuario: terminado,
          cantidad: 1,
          fechaProduccion: HOY,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('bad input: clear messages per field, nothing written', async () => {
    const antes = await e.contarAuditoria();
    const guardar = (b: Record<string, unknown>) =>
      usuarioA.post('/api/Industria/GuardarCip', {
        codigoCatalogoUsuario: terminado,
        fechaInicioVigencia: '2026-01-01',
        insumos: insumosBase(),
        ...b,
      });
    const errores = async (b: Record<string, unknown>) => {
      const r = await guardar(b);
      expect(r.statusCode, r.body).toBe(422);
      return r.json().errors as Record<string, string[]>;
    };
    expect((await errores({ codigoCatalogoUsuario: harina })).codigoCatalogoUsuario?.[0]).toMatch(
      /tipo de existencia 02/,
    );
    expect((await errores({ insumos: [] })).insumos?.[0]).toBe('Debe agregar al menos un insumo');
    expect(
      (await errores({ insumos: [{ ...insumosBase()[1], codigoCatalogoUsuario: ajenoB }] }))[
        'insumos.0.codigoCatalogoUsuario'
      ]?.[0],
    ).toBe('El insumo debe ser un producto del catálogo de la misma empresa');
    expect(
      (await errores({ insumos: [{ ...insumosBase()[1], codigoUnidadMedida: 'LTR' }] }))[
        'insumos.0.codigoUnidadMedida'
      ]?.[0],
    ).toMatch(/No hay una equivalencia.*\(KGM\)/);
    expect(
      (await errores({ insumos: [insumosBase()[1], insumosBase()[1]] }))['insumos.1.codigoCatalogoUsuario']?.[0],
    ).toBe('El insumo está repetido');
    expect(
      (await errores({ insumos: [{ ...insumosBase()[1], codigoCatalogoUsuario: terminado }] }))[
        'insumos.0.codigoCatalogoUsuario'
      ]?.[0],
    ).toBe('El producto no puede ser insumo de sí mismo');
    expect((await errores({ fechaFinVigencia: '2025-12-31' })).fechaFinVigencia?.[0]).toMatch(/no puede ser anterior/);
    expect(Object.values(await errores({ insumos: [{ ...insumosBase()[1], cantidadPorUnidad: 0 }] })).flat()).toContain(
      'La cantidad por unidad debe ser mayor que cero',
    );
    expect(Object.values(await errores({ insumos: [{ ...insumosBase()[1], porcentajeMerma: 100 }] })).flat()).toContain(
      'El porcentaje debe ser menor que 100',
    );
    expect(Object.values(await errores({ fechaInicioVigencia: '20-11-2026' })).flat()).toContain(
      'La fecha debe tener el formato yyyy-MM-dd',
    );
    const prod = (b: Record<string, unknown>) =>
      usuarioA.post('/api/Industria/RegistrarProduccion', {
        codigoCatalogoUsuario: terminado,
        cantidad: 1,
        fechaProduccion: HOY,
        ...b,
      });
    expect((await prod({ cantidad: 0 })).json().errors.cantidad[0]).toBe(
      'La cantidad producida debe ser mayor que cero',
    );
    expect((await prod({ cantidad: 1.2345 })).json().errors.cantidad[0]).toBe('Máximo 3 decimales');
    expect((await prod({ fechaProduccion: '2026-12-01' })).json().errors.fechaProduccion[0]).toMatch(/futura/);
    expect((await prod({ pesoNeto: 5, pesoBruto: 4 })).json().errors.pesoNeto[0]).toMatch(/peso neto/);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('Excel and PDF of the CIP', async () => {
    const x = await usuarioA.get('/api/Industria/ExportarCip');
    expect(x.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const filas = libro.getWorksheet('CIP')?.getSheetValues() ?? [];
    expect(JSON.stringify(filas)).toContain('HARINA DE TRIGO');
    const p = await usuarioA.get(`/api/Industria/DescargarCip?CodigoCip=${codigoCip}`);
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('products for the screens are searched on the server: 50 at most, any product found by its text', async () => {
    for (let i = 0; i < 60; i++) await producto(empresaB, `ACCESORIO ${String(i).padStart(3, '0')}`, 'NIU', '03');
    const lista = async (q: string) => (await usuarioB.get(`/api/Industria/ProductosCip?Tipo=insumos${q}`)).json();
    const todos = (await lista('')).data as { codigoCatalogoUsuario: number; descripcion: string }[];
    expect(todos).toHaveLength(50);
    expect(todos.some((p) => p.codigoCatalogoUsuario === ajenoB)).toBe(false); // after 50 'ACCESORIO …'
    const harina = (await lista('&Buscar=harina%20de%20la')).data as { codigoCatalogoUsuario: number }[];
    expect(harina.map((p) => p.codigoCatalogoUsuario)).toEqual([ajenoB]);
    // The text is a literal: % and _ match themselves, not anything.
    expect((await lista('&Buscar=%25')).data).toEqual([]);
    expect((await lista(`&Buscar=${'x'.repeat(101)}`)).success).toBe(false);
  });

  it('products for the screens: finished ones and inputs with their convertible units', async () => {
    const t = (await usuarioA.get('/api/Industria/ProductosCip?Tipo=terminados')).json().data;
    expect(t.every((p: { codigoExistencia: string }) => p.codigoExistencia === '02')).toBe(true);
    const i = (await usuarioA.get('/api/Industria/ProductosCip?Tipo=insumos')).json().data;
    expect(i.find((p: { codigoCatalogoUsuario: number }) => p.codigoCatalogoUsuario === harina).unidades).toEqual([
      'KGM',
      'GRM',
    ]);
    expect(
      (
        await e.db
          .select()
          .from(kardex)
          .where(and(eq(kardex.codigoCatalogoUsuario, harina), eq(kardex.tipoOperacion, '13')))
      ).length,
    ).toBeGreaterThan(0);
  });
});
