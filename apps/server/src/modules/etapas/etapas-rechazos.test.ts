import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENSAJES_ETAPAS } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, JPEG_MINIMO, multipart } from '../../../test/fabricas-etapas';
import {
  controlMovimiento,
  empresaUsuario,
  logSistema,
  movimiento,
  notificacion,
  pesaje,
  verificacionImagen,
} from '../../db/schema';
import { SimuladorBalanza } from '../balanza/lector/simulador';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let simulador: SimuladorBalanza;
const dir = mkdtempSync(join(tmpdir(), 'cronos-rechazos-'));
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let seguridad: Sesion;
let balanza: Sesion;
let empresa: number;

beforeAll(async () => {
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  f = fabricaEtapas(e.db);
  simulador = await new SimuladorBalanza({ protocolo: 'toledo', intervaloMs: 10, fragmentar: 2 }).iniciar();
  await f.configurarBalanza(1, 'toledo', simulador.puerto);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  seguridad = await e.sesion(3, 1);
  balanza = await e.sesion(4, 1);
});
afterAll(async () => {
  await e.cerrar();
  await simulador.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

/** What a refusal must leave untouched: the order, its stage records, audit rows, notifications, captures. */
async function foto(codigoMovimiento: number) {
  const [m] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  const n = async (
    t: typeof controlMovimiento | typeof logSistema | typeof notificacion | typeof pesaje | typeof verificacionImagen,
  ) => (await e.db.select({ n: count() }).from(t))[0]?.n;
  return {
    estado: m?.codigoEstadoMovimiento,
    observado: m?.codigoEstadoObservado,
    version: m?.version,
    controles: await n(controlMovimiento),
    auditoria: await n(logSistema),
    notificaciones: await n(notificacion),
    capturas: await n(pesaje),
    imagenes: await n(verificacionImagen),
  };
}

async function sinCambios(
  codigoMovimiento: number,
  accion: () => Promise<{ statusCode: number; json: () => { message: string } }>,
  estado: number,
  mensaje: string,
) {
  const antes = await foto(codigoMovimiento);
  const r = await accion();
  expect(r.statusCode).toBe(estado);
  expect(r.json().message).toBe(mensaje);
  expect(await foto(codigoMovimiento)).toEqual(antes);
}

const control = (s: Sesion, codigoMovimiento: number) =>
  s.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
    codigoMovimiento,
    detalleTipoControl: [],
    observacion: 'Revisión parcial: prueba automatizada',
  });
const pesajeIngreso = (codigoMovimiento: number, tipo = 1) =>
  balanza.post('/api/Balanza/GuardarBalanzaIngreso', { data: { codigoMovimiento, codeTipoBalanza: tipo, peso: 0 } });
const pesajeSalida = (codigoMovimiento: number, tipo = 1) =>
  balanza.post('/api/Balanza/ActualizaBalanzaSalida', { data: { codigoMovimiento, codeTipoBalanza: tipo, peso: 0 } });
const verificar = (codigoMovimiento: number, tipo: 3 | 5, extra: Record<string, unknown> = {}) =>
  balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
    data: { codigoMovimiento, codigoTipoCarga: 1, codigoTipoControl: tipo, numerobultosVerificado: '3', ...extra },
  });
const controlSalida = (codigoMovimiento: number) =>
  seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
    data: { codigoMovimiento, observacion: 'Revisión parcial: prueba automatizada' },
  });

describe('cada etapa sobre una orden en otro estado: su mensaje y ningún cambio', () => {
  it('rechaza cada etapa fuera de su estado', async () => {
    const enDos = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 2 });
    const enUno = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 1 });
    const enCinco = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 5 });
    await sinCambios(
      enDos.codigoMovimiento,
      () => control(seguridad, enDos.codigoMovimiento),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Control de ingreso'),
    );
    await sinCambios(
      enUno.codigoMovimiento,
      () => pesajeIngreso(enUno.codigoMovimiento),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Pesaje de ingreso'),
    );
    await sinCambios(
      enDos.codigoMovimiento,
      () => pesajeSalida(enDos.codigoMovimiento),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Pesaje de salida'),
    );
    await sinCambios(
      enDos.codigoMovimiento,
      () => verificar(enDos.codigoMovimiento, 3),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Verificación de ingreso'),
    );
    await sinCambios(
      enCinco.codigoMovimiento,
      () => verificar(enCinco.codigoMovimiento, 5),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Verificación de salida'),
    );
    await sinCambios(
      enDos.codigoMovimiento,
      () => controlSalida(enDos.codigoMovimiento),
      409,
      MENSAJES_ETAPAS.fueraDeEtapa('Control de salida'),
    );
    // Exit control of an order at state 4 whose exit verification is not finalized.
    const enCuatro = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 4 });
    await sinCambios(
      enCuatro.codigoMovimiento,
      () => controlSalida(enCuatro.codigoMovimiento),
      409,
      MENSAJES_ETAPAS.requiereFinalizada('Verificación de salida'),
    );
  });

  it('las búsquedas de etapa solo muestran su estado; verificación rechaza el estado 1', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 1 });
    const b = await balanza.get(
      `/api/Balanza/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}&CodigoEstadoMovimiento=2`,
    );
    expect([b.statusCode, b.json().message, b.json().data]).toEqual([200, MENSAJES_ETAPAS.sinDatos, []]);
    const v = await balanza.get(
      `/api/Verificacion/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}&CodigoEstadoMovimiento=-1`,
    );
    expect([v.statusCode, v.json().message, v.json().data]).toEqual([200, MENSAJES_ETAPAS.sinDatosEtapa, []]);
    const vacia = await seguridad.get('/api/ControlSeguridad/ConsultarMovimientoControl?CodigoEstadoMovimiento=1');
    expect(vacia.statusCode).toBe(422);
    expect(JSON.stringify(vacia.json())).toContain(MENSAJES_ETAPAS.codigoODocumentoRequerido);
    const larga = await seguridad.get('/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=OP12345678');
    expect(larga.statusCode).toBe(422);
    // The balanza role has no security screens: the permission tree refuses the call.
    expect(
      (await balanza.get(`/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}`))
        .statusCode,
    ).toBe(403);
  });

  it('empresa con bloqueo por deuda no pasa el control de seguridad', async () => {
    const bloqueada = await e.crearEmpresa({ indicadorBloqueo: true });
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: bloqueada.codigoEmpresaUsuario });
    await sinCambios(
      m.codigoMovimiento,
      () => control(seguridad, m.codigoMovimiento),
      423,
      MENSAJES_ETAPAS.bloqueoDeuda,
    );
    const b = await seguridad.get(
      `/api/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo?Codigo=${bloqueada.codigoEmpresaUsuario}`,
    );
    expect(b.json().data.indicadorBloqueo).toBe(true);
    await e.db
      .update(empresaUsuario)
      .set({ indicadorBloqueo: false })
      .where(eq(empresaUsuario.codigoEmpresaUsuario, bloqueada.codigoEmpresaUsuario));
    expect((await control(seguridad, m.codigoMovimiento)).statusCode).toBe(200);
  });

  it('peso cero, captura sin balanza elegida, indicador inestable, en sobrecarga o inalcanzable', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 2 });
    const id = m.codigoMovimiento;
    simulador.fijar({ peso: 0, estable: true });
    const cero = await balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${id}`);
    expect(cero.json().data.peso).toBe(0);
    await sinCambios(id, () => pesajeIngreso(id), 422, MENSAJES_ETAPAS.pesoMayor80);
    await sinCambios(
      id,
      () => balanza.get(`/api/Balanza/ObtenerPrimerPesaje?CodigoMovimiento=${id}`),
      422,
      'Existen errores en el formulario',
    );
    const sinBalanza = await balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=&CodigoMovimiento=${id}`);
    expect(JSON.stringify(sinBalanza.json().errors)).toContain(MENSAJES_ETAPAS.seleccionarBalanza);
    simulador.fijar({ peso: 25_000, estable: false });
    await sinCambios(
      id,
      () => balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${id}`),
      422,
      MENSAJES_ETAPAS.balanzaInestable,
    );
    simulador.fijar({ peso: 0, estable: true, sobrecarga: true });
    await sinCambios(
      id,
      () => balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${id}`),
      422,
      MENSAJES_ETAPAS.balanzaSobrecarga,
    );
    await f.configurarBalanza(1, 'toledo', 1);
    await sinCambios(
      id,
      () => balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${id}`),
      503,
      MENSAJES_ETAPAS.balanzaSinConexion,
    );
    expect((await balanza.get('/api/Balanza/EstadoBalanza?TipoBalanza=1')).json().data.connected).toBe(false);
    // Type 2 ("sin balanza") on a vehicle order, and a weight above 0 with type 2.
    await sinCambios(id, () => pesajeIngreso(id, 2), 422, MENSAJES_ETAPAS.balanzaNoCorresponde);
    const pe = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoEstadoMovimiento: 2,
      codigoTipoIngreso: 'PE',
    });
    await sinCambios(
      pe.codigoMovimiento,
      () =>
        balanza.post('/api/Balanza/GuardarBalanzaIngreso', {
          data: { codigoMovimiento: pe.codigoMovimiento, codeTipoBalanza: 2, peso: 15 },
        }),
      422,
      MENSAJES_ETAPAS.pesoMayor0,
    );
    await f.configurarBalanza(1, 'toledo', simulador.puerto);
  });

  it('verificación de contenedor sin ítems, bultos faltantes e ítems de otro control', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3, codigoTipoCarga: 2 });
    const id = m.codigoMovimiento;
    const r = await verificar(id, 3, {
      codigoTipoCarga: 2,
      numerobultosVerificado: '',
      detalleTipoControl: [{ codigoDetalleTipoContol: 1, verificacion: false }],
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.detalleTipoControl).toEqual([MENSAJES_ETAPAS.seleccionarVerificacion]);
    const bultos = await verificar(id, 3, { numerobultosVerificado: '' });
    expect(bultos.json().errors.numerobultosVerificado).toEqual([MENSAJES_ETAPAS.cantidadBultos]);
    const marcas = await verificar(id, 3, {
      codigoTipoCarga: 2,
      marcaContenedor: 'x'.repeat(301),
      detalleTipoControl: [{ codigoDetalleTipoContol: 1, verificacion: true }],
    });
    expect(marcas.statusCode).toBe(422);
    // An item of the security checklist is not a verification item.
    const items6 = (
      await seguridad.get(
        '/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=6&CodigoTipoIngreso=VH',
      )
    ).json().data;
    await sinCambios(
      id,
      () =>
        verificar(id, 3, {
          codigoTipoCarga: 2,
          marcaContenedor: 'MSCU 123456-7',
          detalleTipoControl: items6
            .slice(0, 2)
            .map((i: { codigoDetalleTipoContol: number }) => ({ ...i, verificacion: true })),
        }),
      422,
      'Existen errores en el formulario',
    );
    expect((await foto(id)).estado).toBe(3);
  });

  it('una imagen sobre el límite o que no es imagen se rechaza y no deja archivo', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    expect((await verificar(m.codigoMovimiento, 3)).statusCode).toBe(200);
    const subir = (url: string, contenido: Buffer, nombre = 'foto.jpg') => {
      const c = multipart({ CodigoMovimiento: m.codigoMovimiento, CodigoTipoControl: 3 }, [
        { campo: 'files', nombre, contenido },
      ]);
      return () =>
        e.app.inject({
          method: 'POST',
          url,
          headers: { ...c.headers, authorization: `Bearer ${balanza.token}` },
          payload: c.payload,
        });
    };
    const archivosAntes = JSON.stringify(readdirSync(dir, { recursive: true }).filter((x) => String(x).includes('.')));
    const grande = Buffer.concat([JPEG_MINIMO, Buffer.alloc(7 * 1024 * 1024 + 10)]);
    await sinCambios(
      m.codigoMovimiento,
      subir('/api/Movimiento/AgregarVerificacionImagen', grande),
      413,
      'Error, Archivo supera el máximo permitido - 7MB',
    );
    const muyGrande = Buffer.concat([JPEG_MINIMO, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    await sinCambios(
      m.codigoMovimiento,
      subir('/api/Verificacion/AgregarVerificacionImagenesPrueba', muyGrande),
      413,
      MENSAJES_ETAPAS.archivoExcede(10),
    );
    const script = Buffer.from('#!/bin/sh\necho hola\n');
    await sinCambios(
      m.codigoMovimiento,
      subir('/api/Movimiento/AgregarVerificacionImagen', script, 'foto.jpg'),
      415,
      MENSAJES_ETAPAS.imagenNoValida,
    );
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    await sinCambios(
      m.codigoMovimiento,
      subir('/api/Movimiento/AgregarVerificacionImagen', pdf, 'foto.png'),
      415,
      MENSAJES_ETAPAS.imagenNoValida,
    );
    expect(JSON.stringify(readdirSync(dir, { recursive: true }).filter((x) => String(x).includes('.')))).toBe(
      archivosAntes,
    );
  });

  it('el control de salida de una orden observada se rechaza hasta que se levante la observación', async () => {
    const m = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoEstadoMovimiento: 4,
      codigoEstadoObservado: 2,
    });
    const id = m.codigoMovimiento;
    expect((await verificar(id, 5)).statusCode).toBe(200);
    const c = multipart({ CodigoMovimiento: id, CodigoTipoControl: 5 }, [
      { campo: 'files', nombre: 'a.jpg', contenido: JPEG_MINIMO },
    ]);
    await e.app.inject({
      method: 'POST',
      url: '/api/Movimiento/AgregarVerificacionImagen',
      headers: { ...c.headers, authorization: `Bearer ${balanza.token}` },
      payload: c.payload,
    });
    expect(
      (
        await balanza.post('/api/Verificacion/FinalizarVerificacion', {
          data: { codigoMovimiento: id, codigoTipoControl: 5 },
        })
      ).statusCode,
    ).toBe(200);
    await sinCambios(id, () => controlSalida(id), 409, MENSAJES_ETAPAS.ordenObservada);
    const admin = await e.sesion(2, 1);
    const levantar = await admin.post('/api/Movimiento/LevantarObservacion', { data: { codigoMovimiento: id } });
    expect(levantar.statusCode, levantar.body).toBe(200);
    expect((await controlSalida(id)).statusCode).toBe(200);
  });

  it('otra empresa no ve ni mueve la orden (404)', async () => {
    const otra = await e.crearEmpresa();
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: otra.codigoEmpresaUsuario });
    const ajeno = await e.sesion(3, empresa, {
      permisos: {
        'security/income': { permiteListar: true, permiteAgregar: true, permiteEditar: true, permiteEliminar: false },
      },
    });
    await sinCambios(
      m.codigoMovimiento,
      () => control(ajeno, m.codigoMovimiento),
      404,
      'El recurso solicitado no existe.',
    );
    expect(
      (await ajeno.get(`/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`))
        .statusCode,
    ).toBe(404);
    // A search finds nothing of another company: 200, no rows, the spec's warning (docs/adr/0035-tabla-de-etapas.md).
    const busqueda = await ajeno.get(
      `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}`,
    );
    expect([busqueda.statusCode, busqueda.json().data]).toEqual([200, []]);
  });
});
