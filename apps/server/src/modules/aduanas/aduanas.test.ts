import { MENSAJES_ADUANAS as MA } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import {
  catalogoUsuario,
  controlMovimiento,
  declaracion,
  declaracionConsulta,
  logSistema,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  verificacion,
} from '../../db/schema';
import { SimuladorBalanza } from '../balanza/lector/simulador';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let simulador: SimuladorBalanza;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let admin: Sesion;
let balanza: Sesion;
let seguridad: Sesion;
let empresaA: number;
let empresaB: number;
let usuarioA: Sesion;
let usuarioB: Sesion;

beforeAll(async () => {
  e = await crearEntorno({ env: { CONSULTAS_EXTERNAS: 'true' } });
  f = fabricaEtapas(e.db);
  simulador = await new SimuladorBalanza({ protocolo: 'yaohua', intervaloMs: 10 }).iniciar();
  await f.configurarBalanza(1, 'yaohua', simulador.puerto);
  empresaA = (await e.crearEmpresa({ ruc: '20603547897', razonSocial: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.' }))
    .codigoEmpresaUsuario;
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  admin = await e.sesion(1, 1);
  balanza = await e.sesion(4, 1);
  seguridad = await e.sesion(3, 1);
  const permisos8 = {
    'operations/Declarations': {
      permiteListar: true,
      permiteAgregar: true,
      permiteEditar: true,
      permiteEliminar: false,
    },
    'operations/DAM': { permiteListar: true, permiteAgregar: true, permiteEditar: true, permiteEliminar: false },
    'operations/DeclarationsControl': {
      permiteListar: true,
      permiteAgregar: false,
      permiteEditar: false,
      permiteEliminar: false,
    },
  };
  usuarioA = await e.sesion(8, empresaA, { permisos: permisos8 });
  usuarioB = await e.sesion(8, empresaB, { permisos: permisos8 });
});
afterAll(async () => {
  await e.cerrar();
  await simulador.cerrar();
});

const guardar = (s: Sesion, data: Record<string, unknown>) => s.post('/api/Declaracion/GuardarDeclaracion', { data });
const contar = async (tipo: string) =>
  (await e.db.select({ n: count() }).from(logSistema).where(eq(logSistema.tipo, tipo)))[0]?.n ?? 0;

/** An order with a DUA/DAM document carrying `numero` and one line of `peso` kg, at state `estado`. */
async function ordenConDam(o: {
  empresa: number;
  numero: string;
  peso: number;
  estado?: number;
  operacion?: number;
  bultos?: number;
}) {
  const m = await f.crearMovimiento({
    codigoEmpresaUsuario: o.empresa,
    codigoEstadoMovimiento: o.estado ?? 1,
    codigoTipoOperacion: o.operacion ?? 1,
  });
  if (o.bultos !== undefined)
    await e.db
      .update(movimiento)
      .set({ numeroBultos: o.bultos })
      .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
  const [doc] = await e.db
    .insert(movimientoDocumento)
    .values({ codigoMovimiento: m.codigoMovimiento, codigoTipoDocumento: '4', numeroDocumento: o.numero })
    .returning();
  const [c] = await e.db
    .insert(catalogoUsuario)
    .values({
      codigoEmpresaUsuario: o.empresa,
      descripcion: `PRODUCTO DAM ${m.codigoMovimiento}`,
      numeroPartida: '8517130000',
      codigoUnidadMedida: 'NIU',
      codigoExistencia: '01',
    })
    .returning();
  if (!doc || !c) throw new Error('dam');
  await e.db.insert(movimientoDetalle).values({
    codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
    codigoMovimiento: m.codigoMovimiento,
    codigoCatalogoUsuario: c.codigoCatalogoUsuario,
    cantidad: '10.000',
    peso: o.peso.toFixed(3),
  });
  return { ...m, dam: doc };
}

/** Entry weighing and finalized entry verification recorded (what the stages would have left). */
async function hastaPesajeSalida(codigoMovimiento: number, pesoIngreso: number, bultosContados: number) {
  await e.db.insert(controlMovimiento).values({
    codigoMovimiento,
    codigoTipoControl: 2,
    estadoDesde: 2,
    estadoHasta: 3,
    codigoTipoBalanza: 1,
    peso: String(pesoIngreso),
    pesoCarreta: '0',
    pesoBruto: String(pesoIngreso),
    codigoUsuarioRegistro: 1,
  });
  const [v] = await e.db
    .insert(controlMovimiento)
    .values({ codigoMovimiento, codigoTipoControl: 3, estadoDesde: 3, estadoHasta: null, codigoUsuarioRegistro: 1 })
    .returning();
  if (!v) throw new Error('verificacion');
  await e.db.insert(verificacion).values({
    codigoControlMovimiento: v.codigoControlMovimiento,
    codigoMovimiento,
    codigoTipoControl: 3,
    codigoTipoCarga: 1,
    numeroBultosVerificado: bultosContados,
  });
}

describe('número de declaración aduana-año-régimen-número', () => {
  it('acepta aduanas y regímenes de las tablas y normaliza el correlativo a 6 dígitos', async () => {
    for (const numero of ['172-2026-10-4512', '118-2025-70-000001', '235-1990-40-999999', '163-2026-20-12']) {
      const r = await guardar(admin, { numeroDeclaracion: numero, codigoEmpresaUsuario: empresaB });
      expect(r.statusCode, r.body).toBe(200);
      const [a, b, c, n] = numero.split('-');
      expect(r.json().data.numeroDeclaracion).toBe(`${a}-${b}-${c}-${String(n).padStart(6, '0')}`);
    }
    const r = await guardar(admin, { numeroDeclaracion: '172-2026-10-4512', codigoEmpresaUsuario: empresaB });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MA.declaracionExiste);
    const lista = await admin.get(
      `/api/Declaracion/ListarDatos?CodigoEmpresaUsuario=${empresaB}&Columna=D.NUMERO_DECLARACION&Valor=172-2026`,
    );
    expect(lista.json().data.map((d: { aduana: string }) => d.aduana)).toEqual(['Tacna']);
    expect(lista.json().data[0].regimen).toBe('Importación para el consumo');
  });

  it('la lista se ordena por número en el servidor, de una página a la siguiente', async () => {
    const pagina = async (n: number, orden: string) =>
      (
        await admin.get(
          `/api/Declaracion/ListarDatos?CodigoEmpresaUsuario=${empresaB}&limit=2&PageNumber=${n}&OrdenarPor=numeroDeclaracion&Orden=${orden}`,
        )
      ).json() as { data: { numeroDeclaracion: string }[]; meta: { total: number } };
    const primera = await pagina(1, 'asc');
    const paginas = Math.ceil(primera.meta.total / 2);
    expect(paginas).toBeGreaterThan(1);
    const todas = [primera];
    for (let n = 2; n <= paginas; n++) todas.push(await pagina(n, 'asc'));
    const numeros = todas.flatMap((p) => p.data.map((d) => d.numeroDeclaracion));
    expect(numeros).toHaveLength(primera.meta.total);
    expect(numeros).toEqual([...numeros].sort());
    // Descending starts where ascending ends.
    expect((await pagina(1, 'desc')).data[0]?.numeroDeclaracion).toBe(numeros.at(-1));
    const mala = await admin.get('/api/Declaracion/ListarDatos?OrdenarPor=fechaRegistro');
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors.OrdenarPor).toEqual(['La lista no se puede ordenar por esa columna.']);
  });

  it('rechaza aduana, año, régimen, correlativo y formato inválidos sin guardar nada', async () => {
    const antes = (await e.db.select({ n: count() }).from(declaracion))[0]?.n;
    const casos: [string, string][] = [
      ['999-2026-10-000001', MA.aduanaNoExiste('999')],
      ['000-2026-10-000001', MA.aduanaNoExiste('000')],
      ['172-1989-10-000001', MA.anioInvalido('1989')],
      ['172-2027-10-000001', MA.anioInvalido('2027')],
      ['172-2026-99-000001', MA.regimenNoExiste('99')],
      ['172-2026-10-000000', MA.numeroCero],
      ['172-2026-4512', MA.numeroFormato],
      ['172-26-10-4512', MA.numeroFormato],
      ['172-2026-10-1234567', MA.numeroFormato],
    ];
    for (const [numero, mensaje] of casos) {
      const r = await guardar(admin, { numeroDeclaracion: numero, codigoEmpresaUsuario: empresaB });
      expect(r.statusCode, numero).toBe(422);
      const errores = r.json().errors;
      expect(errores.numeroDeclaracion, numero).toContain(mensaje);
    }
    const otros = await guardar(admin, {
      numeroDeclaracion: '172-2026-10-000777',
      rucImportador: '20603547890',
      valorFob: 100,
      flete: 10,
      seguro: 1,
      cif: 200,
      pesoBruto: 10,
      pesoNeto: 20,
    });
    expect(otros.statusCode).toBe(422);
    expect(Object.keys(otros.json().errors).sort()).toEqual(['cif', 'pesoNeto', 'rucImportador']);
    expect((await e.db.select({ n: count() }).from(declaracion))[0]?.n).toBe(antes);
  });
});

describe('registro, vínculos, tenencia y Excel', () => {
  it('vincula sola la orden cuyo DUA/DAM lleva el número; a mano la que no; CIF = FOB + flete + seguro', async () => {
    const m = await ordenConDam({ empresa: empresaA, numero: '172-2026-10-5001', peso: 500 });
    const otra = await f.crearMovimiento({ codigoEmpresaUsuario: empresaA });
    const r = await guardar(usuarioA, {
      numeroDeclaracion: '172-2026-10-005001',
      fechaNumeracion: '2026-11-10',
      rucImportador: '20603547897',
      razonImportador: 'importaciones andinas del sur s.a.c.',
      valorFob: 1000.5,
      flete: 100.25,
      seguro: 10.1,
      pesoBruto: 520,
      pesoNeto: 500,
      totalBultos: 10,
      canal: 'verde',
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({
      cif: 1110.85,
      codigoEmpresaUsuario: empresaA,
      razonImportador: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
    });
    expect(d.ordenes).toEqual([
      { codigoMovimiento: m.codigoMovimiento, codigoIngreso: m.codigoIngreso, manual: false },
    ]);
    const v = await usuarioA.post('/api/Declaracion/VincularMovimiento', {
      data: { codigoDeclaracion: d.codigoDeclaracion, codigoIngreso: otra.codigoIngreso.toLowerCase() },
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data.ordenes.map((o: { manual: boolean }) => o.manual)).toEqual([false, true]);
    expect(
      (
        await usuarioA.post('/api/Declaracion/VincularMovimiento', {
          data: { codigoDeclaracion: d.codigoDeclaracion, codigoIngreso: otra.codigoIngreso },
        })
      ).statusCode,
    ).toBe(409);
    // Another company's order cannot be linked; another company's declaration does not exist for B.
    const ajena = await f.crearMovimiento({ codigoEmpresaUsuario: empresaB });
    expect(
      (
        await usuarioA.post('/api/Declaracion/VincularMovimiento', {
          data: { codigoDeclaracion: d.codigoDeclaracion, codigoIngreso: ajena.codigoIngreso },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await usuarioB.get(`/api/Declaracion/ConsultarDeclaracion?CodigoDeclaracion=${d.codigoDeclaracion}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await usuarioB.post('/api/Declaracion/VincularMovimiento', {
          data: { codigoDeclaracion: d.codigoDeclaracion, codigoIngreso: ajena.codigoIngreso },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await guardar(usuarioB, { codigoDeclaracion: d.codigoDeclaracion, numeroDeclaracion: '172-2026-10-005001' }))
        .statusCode,
    ).toBe(404);
    // B's list shows only B's declarations, whatever company it asks for.
    const listaB = await usuarioB.get(`/api/Declaracion/ListarDatos?CodigoEmpresaUsuario=${empresaA}`);
    expect(listaB.json().data.every((x: { codigoEmpresaUsuario: number }) => x.codigoEmpresaUsuario === empresaB)).toBe(
      true,
    );
    // Edit with a stale version: 409.
    const edit = await guardar(usuarioA, {
      ...d,
      numeroDeclaracion: d.numeroDeclaracion,
      version: d.version,
      canal: 'rojo',
      cif: null,
      codigoMovimiento: null,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const viejo = await guardar(usuarioA, { ...d, version: d.version, cif: null, codigoMovimiento: null });
    expect(viejo.statusCode).toBe(409);
  });

  it('crea la declaración desde el documento DUA/DAM de una orden', async () => {
    const m = await ordenConDam({ empresa: empresaA, numero: '172-2026-10-6001', peso: 750, bultos: 15 });
    const docs = await usuarioA.get(`/api/Declaracion/ListarDocumentosOrden?CodigoIngreso=${m.codigoIngreso}`);
    expect(docs.json().data).toEqual([
      expect.objectContaining({
        codigoMovimientoDocumento: m.dam.codigoMovimientoDocumento,
        peso: 750,
        codigoDeclaracion: null,
      }),
    ]);
    expect(
      (await usuarioB.get(`/api/Declaracion/ListarDocumentosOrden?CodigoIngreso=${m.codigoIngreso}`)).statusCode,
    ).toBe(404);
    const r = await usuarioA.post('/api/Declaracion/RegistrarDesdeDocumento', {
      data: { codigoMovimientoDocumento: m.dam.codigoMovimientoDocumento },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      numeroDeclaracion: '172-2026-10-006001',
      pesoNeto: 750,
      totalBultos: 15,
      origen: 'documento',
      ordenes: [{ codigoMovimiento: m.codigoMovimiento, manual: false }],
    });
    expect(
      (await usuarioA.get(`/api/Declaracion/ListarDocumentosOrden?CodigoIngreso=${m.codigoIngreso}`)).json().data[0]
        .codigoDeclaracion,
    ).toBe(r.json().data.codigoDeclaracion);
    expect(
      (
        await usuarioA.post('/api/Declaracion/RegistrarDesdeDocumento', {
          data: { codigoMovimientoDocumento: m.documento.codigoMovimientoDocumento },
        })
      ).json().message,
    ).toBe(MA.documentoNoDeclaracion);
    expect(
      (
        await usuarioB.post('/api/Declaracion/RegistrarDesdeDocumento', {
          data: { codigoMovimientoDocumento: m.dam.codigoMovimientoDocumento },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('exporta el Excel con los filtros de la lista', async () => {
    const r = await admin.get(`/api/Declaracion/ExportarExcel?CodigoEmpresaUsuario=${empresaA}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/declaraciones-\d{4}-\d{2}-\d{2}\.xlsx/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Declaraciones');
    const numeros = hoja?.getColumn(2).values.slice(2);
    expect(numeros).toEqual(expect.arrayContaining(['172-2026-10-005001', '172-2026-10-006001']));
    expect(numeros).not.toContain('163-2026-20-000012');
  });
});

describe('control de declaraciones: declarado vs documentos vs balanza vs bultos', () => {
  it('calcula las cifras (a mano: 10 350 − 10 000 = 350 kg, 3,5 % > 2 %; 98 − 100 = −2 bultos) y observa la orden una sola vez aunque dos pesajes compitan', async () => {
    const m = await ordenConDam({ empresa: empresaA, numero: '172-2026-10-7001', peso: 9_800, estado: 3 });
    await guardar(admin, {
      codigoEmpresaUsuario: empresaA,
      numeroDeclaracion: '172-2026-10-7001',
      pesoBruto: 10_400,
      pesoNeto: 10_000,
      totalBultos: 100,
    });
    await hastaPesajeSalida(m.codigoMovimiento, 25_000, 98);
    simulador.fijar({ peso: 14_650, estable: true });
    const cap = await balanza.get(
      `/api/Balanza/ObtenerSegundoPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(cap.statusCode, cap.body).toBe(200);
    const guardarSalida = () =>
      balanza.post('/api/Balanza/ActualizaBalanzaSalida', {
        data: {
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: 4,
          codeTipoBalanza: 1,
          peso: 14_650,
          codigoPesaje: cap.json().data.codigoPesaje,
        },
      });
    const [a, b] = await Promise.all([guardarSalida(), guardarSalida()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);

    const [orden] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(orden?.codigoEstadoObservado).toBe(2);
    expect(orden?.observacion).toContain('172-2026-10-007001');
    expect(orden?.observacion).toContain('balanza 10,350.000 kg');
    expect(orden?.observacion).toContain('diferencia 350.000 kg (3.5 %)');
    expect(orden?.observacion).toContain('bultos declarados 100, contados 98, diferencia -2');
    expect(
      (
        await e.db
          .select({ n: count() })
          .from(logSistema)
          .where(
            and(
              eq(logSistema.tipo, 'MOVIMIENTO_OBSERVADO_CONCILIACION'),
              eq(logSistema.codigoEntidad, String(m.codigoMovimiento)),
            ),
          )
      )[0]?.n,
    ).toBe(1);

    const lista = await admin.get(`/api/Declaracion/ListarConciliacion?CodigoEmpresaUsuario=${empresaA}&limit=50`);
    expect(lista.statusCode, lista.body).toBe(200);
    const fila = lista.json().data.find((x: { codigoMovimiento: number }) => x.codigoMovimiento === m.codigoMovimiento);
    expect(fila).toMatchObject({
      pesoDeclarado: 10_000,
      pesoDocumentos: 9_802,
      pesoBalanza: 10_350,
      diferenciaPeso: 350,
      porcentajeDiferencia: 3.5,
      bultosDeclarados: 100,
      bultosContados: 98,
      diferenciaBultos: -2,
      dentroTolerancia: false,
      codigoEstadoObservado: 2,
      observadoAutomaticamente: true,
    });

    // The list's search box finds the order by its code or its company; an unknown column changes nothing.
    const codigoIngreso = (
      await e.db
        .select({ c: movimiento.codigoIngreso })
        .from(movimiento)
        .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento))
    )[0]?.c;
    const porOrden = await admin.get(
      `/api/Declaracion/ListarConciliacion?Columna=M.CODIGO_INGRESO&Valor=${codigoIngreso}&limit=50`,
    );
    expect(porOrden.statusCode, porOrden.body).toBe(200);
    expect(porOrden.json().data.map((x: { codigoMovimiento: number }) => x.codigoMovimiento)).toEqual([
      m.codigoMovimiento,
    ]);
    expect(porOrden.json().meta.total).toBe(1);
    const porEmpresa = await admin.get(
      '/api/Declaracion/ListarConciliacion?Columna=E.RAZON_SOCIAL&Valor=andinas&limit=50',
    );
    expect(porEmpresa.json().data.map((x: { razonSocial: string }) => x.razonSocial)).toContain(
      'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
    );
    expect(porEmpresa.json().data.every((x: { razonSocial: string }) => x.razonSocial.includes('ANDINAS'))).toBe(true);
    const nada = await admin.get('/api/Declaracion/ListarConciliacion?Columna=E.RAZON_SOCIAL&Valor=zzzz-no-existe');
    expect(nada.json().data).toEqual([]);
    expect((await admin.get('/api/Declaracion/ListarConciliacion?Columna=M.ESTADO&Valor=1')).statusCode).toBe(400);

    // Linking or re-saving the declaration later does not observe the order a second time.
    await guardar(admin, { codigoEmpresaUsuario: empresaA, numeroDeclaracion: '172-2026-10-7001' });
    expect(await contar('MOVIMIENTO_OBSERVADO_CONCILIACION')).toBe(1);
  });

  it('dentro de tolerancia (10 150 kg: 1,5 % ≤ 2 %; bultos iguales) no observa; la tolerancia es un parámetro', async () => {
    const m = await ordenConDam({ empresa: empresaA, numero: '172-2026-10-7002', peso: 10_000, estado: 3 });
    await guardar(admin, {
      codigoEmpresaUsuario: empresaA,
      numeroDeclaracion: '172-2026-10-7002',
      pesoNeto: 10_000,
      totalBultos: 100,
    });
    await hastaPesajeSalida(m.codigoMovimiento, 25_000, 100);
    simulador.fijar({ peso: 14_850, estable: true });
    const cap = await balanza.get(
      `/api/Balanza/ObtenerSegundoPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`,
    );
    const r = await balanza.post('/api/Balanza/ActualizaBalanzaSalida', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 4,
        codeTipoBalanza: 1,
        peso: 14_850,
        codigoPesaje: cap.json().data.codigoPesaje,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [orden] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(orden?.codigoEstadoObservado).toBe(0);
    const fila = (await admin.get(`/api/Declaracion/ListarConciliacion?CodigoEmpresaUsuario=${empresaA}&limit=50`))
      .json()
      .data.find((x: { codigoMovimiento: number }) => x.codigoMovimiento === m.codigoMovimiento);
    expect(fila).toMatchObject({
      diferenciaPeso: 150,
      porcentajeDiferencia: 1.5,
      diferenciaBultos: 0,
      dentroTolerancia: true,
    });

    expect((await admin.get('/api/Declaracion/ConsultarTolerancia')).json().data).toMatchObject({
      porcentajePeso: 2,
      bultos: 0,
    });
    const t = await admin.post('/api/Declaracion/GuardarTolerancia', { data: { porcentajePeso: 1, bultos: 0 } });
    expect(t.statusCode).toBe(200);
    const fila2 = (await admin.get(`/api/Declaracion/ListarConciliacion?CodigoEmpresaUsuario=${empresaA}&limit=50`))
      .json()
      .data.find((x: { codigoMovimiento: number }) => x.codigoMovimiento === m.codigoMovimiento);
    expect(fila2.dentroTolerancia).toBe(false);
    expect(
      (await admin.post('/api/Declaracion/GuardarTolerancia', { data: { porcentajePeso: -1, bultos: 0 } })).statusCode,
    ).toBe(422);
    expect(
      (await usuarioA.post('/api/Declaracion/GuardarTolerancia', { data: { porcentajePeso: 5, bultos: 0 } }))
        .statusCode,
    ).toBe(403);
    await admin.post('/api/Declaracion/GuardarTolerancia', { data: { porcentajePeso: 2, bultos: 0 } });

    // Two people change the tolerances from the same figures: the second save is refused, the first one stays.
    const leida = (await admin.get('/api/Declaracion/ConsultarTolerancia')).json().data;
    const otro = await e.sesion(1, 1);
    const primero = await admin.post('/api/Declaracion/GuardarTolerancia', {
      data: { porcentajePeso: 3, bultos: 0, leida },
    });
    expect(primero.statusCode, primero.body).toBe(200);
    const segundo = await otro.post('/api/Declaracion/GuardarTolerancia', {
      data: { porcentajePeso: 2, bultos: 5, leida },
    });
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json().message).toBe('El registro fue modificado por otro usuario. Recargue e intente nuevamente.');
    expect((await admin.get('/api/Declaracion/ConsultarTolerancia')).json().data).toMatchObject({
      porcentajePeso: 3,
      bultos: 0,
    });
    // Saved again from the figures as they now are, it goes through.
    const despues = await otro.post('/api/Declaracion/GuardarTolerancia', {
      data: { porcentajePeso: 2, bultos: 0, leida: primero.json().data },
    });
    expect(despues.statusCode, despues.body).toBe(200);
  });
});

describe('conciliación en cualquier orden de registro', () => {
  /** An order already finished (state 5) whose exit weighing left `neto` kg on the scale. */
  async function ordenTerminada(numero: string, pesoLineas: number, neto: number) {
    const m = await ordenConDam({ empresa: empresaA, numero, peso: pesoLineas, estado: 5 });
    await e.db.insert(controlMovimiento).values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 4,
      estadoDesde: 4,
      estadoHasta: 5,
      codigoTipoBalanza: 1,
      peso: neto.toFixed(3),
      pesoCarreta: '0',
      pesoBruto: neto.toFixed(3),
      pesoNeto: neto.toFixed(3),
      finalizado: true,
      codigoUsuarioRegistro: 1,
    });
    return m;
  }
  const estadoDe = async (codigoMovimiento: number) =>
    (await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento)))[0];

  it('una declaración registrada después de terminar la orden, fuera de tolerancia (1 371,47 %), observa la orden', async () => {
    const m = await ordenTerminada('172-2026-10-7101', 500, 7_357.35);
    const r = await guardar(admin, {
      codigoEmpresaUsuario: empresaA,
      numeroDeclaracion: '172-2026-10-7101',
      pesoBruto: 520,
      pesoNeto: 500,
    });
    expect(r.statusCode, r.body).toBe(200);
    const orden = await estadoDe(m.codigoMovimiento);
    expect(orden?.codigoEstadoMovimiento).toBe(5);
    expect(orden?.codigoEstadoObservado).toBe(2);
    expect(orden?.observacion).toContain('172-2026-10-007101');
    expect(orden?.observacion).toContain('(1,371.47 %)');
    const lista = await admin.get(
      `/api/Declaracion/ListarConciliacion?Columna=M.CODIGO_INGRESO&Valor=${m.codigoIngreso}&limit=50`,
    );
    expect(lista.json().data[0]).toMatchObject({
      porcentajeDiferencia: 1371.47,
      dentroTolerancia: false,
      codigoEstadoObservado: 2,
      observadoAutomaticamente: true,
    });
  });

  it('la declaración creada desde el documento toma el FOB de sus líneas (Σ cantidad × FOB unitario, decimal) y observa la orden terminada fuera de tolerancia', async () => {
    const m = await ordenTerminada('172-2026-10-7102', 500, 7_357.35);
    // 3 × 2 635.33335 = 7 906.00005 → USD 7 906.00.
    await e.db
      .update(movimientoDetalle)
      .set({ cantidad: '3.000', valorFOB: '2635.33335' })
      .where(eq(movimientoDetalle.codigoMovimientoDocumento, m.dam.codigoMovimientoDocumento));
    const r = await usuarioA.post('/api/Declaracion/RegistrarDesdeDocumento', {
      data: { codigoMovimientoDocumento: m.dam.codigoMovimientoDocumento },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ valorFob: 7906, cif: 7906, flete: 0, seguro: 0, pesoNeto: 500 });
    const [fila] = await e.db
      .select()
      .from(declaracion)
      .where(eq(declaracion.codigoDeclaracion, r.json().data.codigoDeclaracion));
    expect([fila?.valorFob, fila?.cif]).toEqual(['7906.00', '7906.00']);
    const orden = await estadoDe(m.codigoMovimiento);
    expect(orden?.codigoEstadoObservado).toBe(2);
    expect(orden?.observacion).toContain('172-2026-10-007102');
  });
});

describe('salida sin levante y consulta de levante', () => {
  it('el control de salida se rechaza sin levante, con el mensaje; la consulta registra el levante y luego pasa', async () => {
    const m = await ordenConDam({
      empresa: empresaA,
      numero: '172-2026-10-004512',
      peso: 100,
      estado: 4,
      operacion: 2,
    });
    await e.db.insert(controlMovimiento).values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 5,
      estadoDesde: 4,
      estadoHasta: null,
      finalizado: true,
      codigoUsuarioRegistro: 1,
    });
    await guardar(admin, { codigoEmpresaUsuario: empresaA, numeroDeclaracion: '172-2026-10-004512' });
    const salida = () =>
      seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
        data: {
          codigoTipoControl: 6,
          codigoMovimiento: m.codigoMovimiento,
          detalleTipoControl: [],
          observacion: 'Sin lista de revisión en la prueba',
        },
      });
    const r1 = await salida();
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe(MA.sinLevante('172-2026-10-004512'));
    const [sigue] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(sigue?.codigoEstadoMovimiento).toBe(4);

    const q = await usuarioA.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-10-4512' },
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().message).toBe(MA.levanteRegistrado);
    expect(q.json().data.respuesta).toMatchObject({
      numero: '172-2026-10-004512',
      levante: true,
      peso_neto: 10000,
      cif: 50582.5,
    });
    expect(q.json().data.declaracion).toMatchObject({
      estadoLevante: 1,
      fechaLevante: '2026-11-12T05:00:00.000Z',
      canal: 'verde',
    });

    const r2 = await salida();
    expect(r2.statusCode, r2.body).toBe(200);
    const hist = await usuarioA.get(
      `/api/Declaracion/ListarConsultasLevante?CodigoDeclaracion=${q.json().data.declaracion.codigoDeclaracion}`,
    );
    expect(hist.json().data).toHaveLength(1);
    expect(hist.json().data[0]).toMatchObject({ proveedor: 'local', levante: true });
    expect(
      (
        await usuarioB.get(
          `/api/Declaracion/ListarConsultasLevante?CodigoDeclaracion=${q.json().data.declaracion.codigoDeclaracion}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('una entrada (operación 1) no necesita levante para salir', async () => {
    const m = await ordenConDam({ empresa: empresaA, numero: '172-2026-10-8001', peso: 100, estado: 4, operacion: 1 });
    await e.db.insert(controlMovimiento).values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 5,
      estadoDesde: 4,
      estadoHasta: null,
      finalizado: true,
      codigoUsuarioRegistro: 1,
    });
    await guardar(admin, { codigoEmpresaUsuario: empresaA, numeroDeclaracion: '172-2026-10-8001' });
    const r = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: {
        codigoTipoControl: 6,
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Sin lista de revisión en la prueba',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('la consulta crea la declaración nueva (origen consulta) y guarda cada respuesta en el historial', async () => {
    const q1 = await usuarioB.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-10-004513' },
    });
    expect(q1.statusCode, q1.body).toBe(200);
    expect(q1.json().message).toBe(MA.levanteSinLevante);
    expect(q1.json().data.declaracion).toMatchObject({
      origen: 'consulta',
      estadoLevante: 0,
      codigoEmpresaUsuario: empresaB,
      totalBultos: 40,
    });
    await usuarioB.post('/api/Declaracion/ConsultarLevante', { data: { NumeroDeclaracion: '172-2026-10-004513' } });
    const hist = await usuarioB.get(
      `/api/Declaracion/ListarConsultasLevante?CodigoDeclaracion=${q1.json().data.declaracion.codigoDeclaracion}`,
    );
    expect(hist.json().data).toHaveLength(2);
  });

  it('fallas del proveedor y números inválidos dan su mensaje y no cambian nada', async () => {
    const antes = [
      (await e.db.select({ n: count() }).from(declaracion))[0]?.n,
      (await e.db.select({ n: count() }).from(declaracionConsulta))[0]?.n,
    ];
    const caida = await usuarioA.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '118-2026-10-999999' },
    });
    expect(caida.statusCode).toBe(503);
    expect(caida.json().message).toBe('Error, Activar consultas externas SUNAT');
    const noExiste = await usuarioA.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-10-000099' },
    });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toBe(MA.declaracionNoEncontrada);
    const formato = await usuarioA.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-4512' },
    });
    expect(formato.statusCode).toBe(422);
    const aduana = await usuarioA.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '999-2026-10-4512' },
    });
    expect(aduana.json().errors.NumeroDeclaracion).toEqual([MA.aduanaNoExiste('999')]);
    expect([
      (await e.db.select({ n: count() }).from(declaracion))[0]?.n,
      (await e.db.select({ n: count() }).from(declaracionConsulta))[0]?.n,
    ]).toEqual(antes);
  });
});
