import { MENSAJES, MENSAJES_ETAPAS } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { movimiento, movimientoDetalle, transportistaUsuario } from '../../db/schema';
import { LIMITE_CONTEO, metaAcotada } from '../../platform/paginacion';
import { contarOrdenes } from './revision.repository';
import { sanitizarObservacion } from './revision.service';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let empresa: number;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let moderador: Sesion;

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  moderador = await e.sesion(5, 1);
});
afterAll(async () => e.cerrar());

const XSS = [
  '<p>Bultos dañados</p><script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">ver</a>',
  '<p onclick="alert(4)" style="background:url(javascript:alert(5))">texto</p>',
  '<svg><script>alert(6)</script></svg><iframe src="javascript:alert(7)"></iframe>',
].join('');

describe('revisión de órdenes (operator/list) y bandeja de observadas (operator/check)', () => {
  it('guarda la observación sin scripts, manejadores ni javascript:', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 2 });
    const r = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 2, observacion: XSS },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [g] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(g?.codigoEstadoObservado).toBe(2);
    expect(g?.observacion).toContain('Bultos dañados');
    expect(g?.observacion).not.toMatch(/script|onerror|onclick|javascript:|<img|<iframe|<svg|style=/i);
    expect(sanitizarObservacion('<b>ok</b><a href="https://sunat.gob.pe">x</a>')).toBe(
      '<b>ok</b><a href="https://sunat.gob.pe" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('Observar exige un texto; No observar guarda el texto fijo; solo mientras está pendiente', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const vacio = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 2, observacion: '<p><br></p>' },
    });
    expect(vacio.statusCode).toBe(422);
    // Every refusal of the text is keyed 'observacion', the dialog's field: the body's check (empty text) and
    // the server's after sanitizing (only a script), which used to answer 'data.observacion' and 'observacion'.
    expect(vacio.json().errors).toEqual({ observacion: [MENSAJES_ETAPAS.observacionRequerida] });
    const soloScript = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 2, observacion: '<script>alert(1)</script>' },
    });
    expect(soloScript.statusCode).toBe(422);
    expect(soloScript.json().errors).toEqual({ observacion: [MENSAJES_ETAPAS.observacionRequerida] });
    const larga = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 2, observacion: 'x'.repeat(20_001) },
    });
    expect(larga.json().errors).toEqual({ observacion: ['La observación es demasiado larga'] });
    const no = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 1 },
    });
    expect(no.statusCode).toBe(200);
    const [g] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect([g?.codigoEstadoObservado, g?.observacion]).toEqual([1, 'No se registraron Observaciones']);
    const otra = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: m.codigoMovimiento, estadoObservado: 2, observacion: 'tarde' },
    });
    expect([otra.statusCode, otra.json().message]).toEqual([409, MENSAJES_ETAPAS.observacionYaRegistrada]);
    const final = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 5 });
    const r5 = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: final.codigoMovimiento, estadoObservado: 1 },
    });
    expect([r5.statusCode, r5.json().message]).toEqual([409, MENSAJES_ETAPAS.ordenFinalizada]);
  });

  it('el Valor FOB de un documento es Σ cantidad × FOB unitario (10 × 350 + 5 × 899.5 = 7997.50)', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, lineas: [{ cantidad: 10 }, { cantidad: 5 }] });
    const [l1, l2] = m.lineas;
    if (!l1 || !l2) throw new Error('líneas');
    for (const [l, fob] of [
      [l1, '350'],
      [l2, '899.5'],
    ] as const)
      await e.db
        .update(movimientoDetalle)
        .set({ valorFOB: fob })
        .where(eq(movimientoDetalle.codigoMovimientoDetalle, l.codigoMovimientoDetalle));
    const r = await moderador.get(`/api/Movimiento/ConsultarOrdenVerificacion?CodigoMovimiento=${m.codigoMovimiento}`);
    expect(r.statusCode, r.body).toBe(200);
    const [doc] = r.json().data.documentos;
    expect(doc.valorFOB).toBe(7997.5);
    expect(doc.productos.map((p: { cantidad: number; valorFOB: number }) => [p.cantidad, p.valorFOB])).toEqual([
      [10, 350],
      [5, 899.5],
    ]);
  });

  it('levantar una observación es de operator/check con permiso de edición', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoObservado: 2 });
    const seguridad = await e.sesion(3, 1); // operator/check read-only
    const r = await seguridad.post('/api/Movimiento/LevantarObservacion', {
      data: { codigoMovimiento: m.codigoMovimiento },
    });
    expect(r.statusCode).toBe(403);
    const bandeja = await seguridad.get(
      '/api/Movimiento/ListarDatosOrdenesVerificacion?CodigoEstadoObservado=2&limit=100',
    );
    expect(bandeja.json().data.map((x: { codigoMovimiento: number }) => x.codigoMovimiento)).toContain(
      m.codigoMovimiento,
    );
    const admin = await e.sesion(2, 1);
    const ok = await admin.post('/api/Movimiento/LevantarObservacion', {
      data: { codigoMovimiento: m.codigoMovimiento },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lista paginada con filtro por columna permitida y rango de fechas en M.FECHA_REGISTRO', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    await e.db
      .update(movimiento)
      .set({ fechaRegistro: new Date('2026-03-10T04:30:00Z') })
      .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    // 04:30 UTC on the 10th is 23:30 of the 9th in Lima.
    const dia9 = await moderador.get(
      '/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.FECHA_REGISTRO&DesdeFecha=2026-03-09&HastaFecha=2026-03-09',
    );
    expect(dia9.json().data.map((x: { codigoIngreso: string }) => x.codigoIngreso)).toEqual([m.codigoIngreso]);
    expect(dia9.json().data[0]).toMatchObject({
      codigoIngtreso: m.codigoIngreso,
      estadoObservado: 'Pendiente',
      codigoEstadoMovimiento: 1,
    });
    expect(dia9.json().meta).toEqual({ total: 1, current_page: 1, per_page: 10 });
    const dia10 = await moderador.get(
      '/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.FECHA_REGISTRO&DesdeFecha=2026-03-10&HastaFecha=2026-03-10',
    );
    expect(dia10.json().meta.total).toBe(0);
    const texto = await moderador.get(
      `/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.CODIGO_INGRESO&Valor=${m.codigoIngreso.slice(2)}`,
    );
    expect(texto.json().meta.total).toBe(1);
    const sql = await moderador.get(
      '/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=1;drop table movimiento&Valor=x',
    );
    expect([sql.statusCode, sql.json().message]).toEqual([400, MENSAJES.columnaNoPermitida]);
    const fecha = await moderador.get(
      '/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.FECHA_REGISTRO&DesdeFecha=10/03/2026',
    );
    expect(fecha.statusCode).toBe(422);
    const detalle = (
      await moderador.get(`/api/Movimiento/ConsultarOrdenVerificacion?CodigoMovimiento=${m.codigoMovimiento}`)
    ).json().data;
    expect(detalle.documentos[0].productos).toHaveLength(2);
    // A user company sees only its own orders.
    const usuario = await e.sesion(8, empresa, {
      permisos: {
        'operator/list': { permiteListar: true, permiteAgregar: false, permiteEditar: false, permiteEliminar: false },
      },
    });
    const propias = (
      await usuario.get('/api/Movimiento/ListarDatosOrdenesVerificacion?CodigoEmpresaUsuario=-1&limit=100')
    ).json();
    expect(propias.data.every((x: { razonSocial: string }) => x.razonSocial.startsWith('EMPRESA PRUEBA'))).toBe(true);
  });

  it("Registro Empresa: guarda el transportista extranjero y pide razón social y dirección ('true')", async () => {
    const s = await e.sesion(3, 1);
    const falta = await s.post('/api/TransportistaUsuario/GuardarTransportistaUsuario', {
      codigoEmpresaUsuario: empresa,
      ruc: 'BO1234567',
      razonSocial: '',
      direccion: '',
    });
    expect(falta.statusCode).toBe(422);
    expect(falta.json().errors).toEqual({ razonSocial: [MENSAJES.requerido], direccion: [MENSAJES.requerido] });
    const r = await s.post('/api/TransportistaUsuario/GuardarTransportistaUsuario', {
      codigoEmpresaUsuario: empresa,
      ruc: 'BO1234567',
      razonSocial: 'Transportes Illimani SRL',
      direccion: 'La Paz',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().success).toBe('true');
    const otra = await s.post('/api/TransportistaUsuario/GuardarTransportistaUsuario', {
      codigoEmpresaUsuario: empresa,
      ruc: 'BO1234567',
      razonSocial: 'X',
      direccion: 'Y',
    });
    expect([otra.statusCode, otra.json().message]).toEqual([409, MENSAJES_ETAPAS.transportistaExiste]);
    const [t] = await e.db.select().from(transportistaUsuario).where(eq(transportistaUsuario.ruc, 'BO1234567'));
    expect([t?.extranjero, t?.razonSocial]).toEqual([true, 'TRANSPORTES ILLIMANI SRL']);
  });

  it('actualiza conductor y transportista solo en control de ingreso y exige documento', async () => {
    const s = await e.sesion(3, 1);
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const sinDoc = await s.post('/api/Movimiento/ActualizaDatosTransportistaMovimiento', {
      codigoMovimiento: m.codigoMovimiento,
    });
    expect(sinDoc.statusCode).toBe(422);
    expect(sinDoc.json().errors.numeroDocumentoIdentidad).toEqual([MENSAJES_ETAPAS.errorActualizacion]);
    const ok = await s.post('/api/Movimiento/ActualizaDatosTransportistaMovimiento', {
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '45879632',
      numeroBrevete: 'q45879632',
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, MENSAJES_ETAPAS.datosActualizados]);
    const [g] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect([g?.numeroDocumentoIdentidad, g?.numeroBrevete]).toEqual(['45879632', 'Q45879632']);
    const pesado = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const tarde = await s.post('/api/Movimiento/ActualizaDatosTransportistaMovimiento', {
      codigoMovimiento: pesado.codigoMovimiento,
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '45879632',
    });
    expect(tarde.statusCode).toBe(409);
  });
});

describe('lista de revisión sobre muchas órdenes', () => {
  it('el total se cuenta hasta el límite: más allá, totalAcotado; con filtro, el total exacto', async () => {
    const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
    for (let i = 0; i < 7; i++) await f.crearMovimiento({ codigoEmpresaUsuario: otra });
    const filtro = { codigoEmpresaUsuario: otra };
    // The count stops one row past its bound, whatever the table holds.
    expect(await contarOrdenes(e.db, filtro, 5)).toBe(6);
    expect(await contarOrdenes(e.db, filtro, 50)).toBe(7);
    const consulta = { PageNumber: 3, limit: 10 } as Parameters<typeof metaAcotada>[0];
    expect(metaAcotada(consulta, LIMITE_CONTEO + 1)).toEqual({
      total: LIMITE_CONTEO,
      current_page: 3,
      per_page: 10,
      totalAcotado: true,
    });
    expect(metaAcotada(consulta, LIMITE_CONTEO)).toEqual({ total: LIMITE_CONTEO, current_page: 3, per_page: 10 });
    const r = await moderador.get(`/api/Movimiento/ListarDatosOrdenesVerificacion?CodigoEmpresaUsuario=${otra}`);
    expect(r.json().meta).toEqual({ total: 7, current_page: 1, per_page: 10 });
  });
});

describe('lista de revisión paginada a escala', () => {
  /**
   * The page is picked from the index first and joined after; every page and total must be what the plain
   * statement (every row, ordered, counted) gives: 37 orders of one company with repeated instants (ties broken by
   * the key), some observed, over two days.
   */
  it('cada página y cada total coinciden con la consulta directa, con y sin filtros', async () => {
    const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const base = Date.parse('2026-05-10T15:00:00Z');
    for (let i = 0; i < 37; i++) {
      const m = await f.crearMovimiento({ codigoEmpresaUsuario: otra });
      await e.db
        .update(movimiento)
        .set({
          fechaRegistro: new Date(base + Math.floor(i / 3) * 3_600_000 * 4),
          codigoEstadoObservado: i % 5 === 0 ? 2 : 0,
        })
        .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    }
    const referencia = async (extra: ReturnType<typeof sql>) =>
      (
        (await e.db.execute(
          sql`select codigo_movimiento as c from movimiento where codigo_empresa_usuario = ${otra} ${extra}
              order by fecha_registro desc, codigo_movimiento desc`,
        )) as unknown as { rows: { c: number }[] }
      ).rows.map((r) => Number(r.c));
    const casos: [string, ReturnType<typeof sql>][] = [
      ['', sql``],
      ['&CodigoEstadoObservado=2', sql`and codigo_estado_observado = 2`],
      [
        '&Columna=M.FECHA_REGISTRO&DesdeFecha=2026-05-11&HastaFecha=2026-05-11',
        sql`and fecha_registro >= '2026-05-11T05:00:00Z' and fecha_registro < '2026-05-12T05:00:00Z'`,
      ],
    ];
    for (const [filtro, condicion] of casos) {
      const esperado = await referencia(condicion);
      expect(esperado.length, filtro).toBeGreaterThan(3);
      const vistos: number[] = [];
      for (let pagina = 1; pagina <= Math.ceil(esperado.length / 4); pagina++) {
        const r = await moderador.get(
          `/api/Movimiento/ListarDatosOrdenesVerificacion?CodigoEmpresaUsuario=${otra}&PageNumber=${pagina}&limit=4${filtro}`,
        );
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().meta, filtro).toMatchObject({ total: esperado.length, current_page: pagina, per_page: 4 });
        vistos.push(...r.json().data.map((x: { codigoMovimiento: number }) => x.codigoMovimiento));
      }
      expect(vistos, filtro).toEqual(esperado);
    }
    // A whole code finds its order through the unique index; a part of it still searches within codes.
    const [primera] = await referencia(sql``);
    const [fila] = await e.db
      .select()
      .from(movimiento)
      .where(eq(movimiento.codigoMovimiento, primera ?? 0));
    const codigo = fila?.codigoIngreso ?? '';
    for (const valor of [codigo, codigo.toLowerCase(), codigo.slice(3)]) {
      const r = await moderador.get(
        `/api/Movimiento/ListarDatosOrdenesVerificacion?CodigoEmpresaUsuario=${otra}&Columna=M.CODIGO_INGRESO&Valor=${valor}`,
      );
      expect(
        r.json().data.map((x: { codigoIngreso: string }) => x.codigoIngreso),
        valor,
      ).toContain(codigo);
    }
  });
});
