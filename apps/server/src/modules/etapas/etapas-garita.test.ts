import { MENSAJES_ETAPAS, TIPO_NOTIFICACION } from '@cronos/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { controlMovimiento, logSistema, movimiento, notificacion } from '../../db/schema';

/**
 * What the gate stages must refuse or say on the server: each refusal
 * with its message and nothing written; each answer saying what is really true of the order.
 */

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let seguridad: Sesion;
let balanza: Sesion;
let moderador: Sesion;
let empresa: number;
type Item = { codigoDetalleTipoContol: number; codigoTipoCarga: number };

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  seguridad = await e.sesion(3, 1);
  balanza = await e.sesion(4, 1);
  moderador = await e.sesion(5, 1);
});
afterAll(() => e.cerrar());

async function foto(codigoMovimiento: number) {
  const [m] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  const n = async (t: typeof controlMovimiento | typeof logSistema | typeof notificacion) =>
    (await e.db.select({ n: count() }).from(t))[0]?.n;
  return {
    estado: m?.codigoEstadoMovimiento,
    version: m?.version,
    controles: await n(controlMovimiento),
    auditoria: await n(logSistema),
    notificaciones: await n(notificacion),
  };
}

const itemsSeguridad = async (ingreso: string) =>
  (
    await seguridad.get(
      `/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=6&CodigoTipoIngreso=${ingreso}`,
    )
  ).json().data as Item[];
const marcar = (items: Item[], n = items.length) =>
  items.map((i, k) => ({ codigoDetalleTipoContol: i.codigoDetalleTipoContol, verificacion: k < n }));

describe('#6 control de seguridad: ítems sin marcar necesitan observación', () => {
  it('ingreso sin ítems ni observación: 422 en observacion, nada escrito; con el motivo se guarda', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 1 });
    const items = await itemsSeguridad('VH');
    expect(items.length).toBeGreaterThan(1);
    const antes = await foto(m.codigoMovimiento);
    for (const detalleTipoControl of [[], marcar(items, 1)]) {
      const r = await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
        codigoTipoControl: 1,
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl,
        observacion: '   ',
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toBe(MENSAJES_ETAPAS.controlSinObservacion);
      expect(r.json().errors.observacion).toEqual([MENSAJES_ETAPAS.controlSinObservacion]);
    }
    expect(await foto(m.codigoMovimiento)).toEqual(antes);

    const r = await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
      codigoTipoControl: 1,
      codigoMovimiento: m.codigoMovimiento,
      detalleTipoControl: marcar(items, 1),
      observacion: 'SOAT vencido: se informó al conductor',
    });
    expect(r.statusCode, r.body).toBe(200);
    const [c] = await e.db
      .select()
      .from(controlMovimiento)
      .where(eq(controlMovimiento.codigoMovimiento, m.codigoMovimiento));
    expect(c?.observacion).toBe('SOAT vencido: se informó al conductor');
  });

  it('ingreso con todos los ítems marcados no pide observación', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 1 });
    const r = await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
      codigoMovimiento: m.codigoMovimiento,
      detalleTipoControl: marcar(await itemsSeguridad('VH')),
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('salida: la misma regla, en el cuerpo { data }', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 4 });
    await e.db.insert(controlMovimiento).values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 5,
      estadoDesde: 4,
      finalizado: true,
      usuarioRegistro: 'prueba',
      codigoUsuarioRegistro: 1,
      fechaRegistro: new Date(),
    });
    const antes = await foto(m.codigoMovimiento);
    const r = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: { codigoTipoControl: 6, codigoMovimiento: m.codigoMovimiento, detalleTipoControl: [] },
    });
    expect([r.statusCode, r.json().errors?.observacion]).toEqual([422, [MENSAJES_ETAPAS.controlSinObservacion]]);
    expect(await foto(m.codigoMovimiento)).toEqual(antes);
    const bien = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: {
        codigoTipoControl: 6,
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Salida peatonal sin revisión de vehículo',
      },
    });
    expect(bien.statusCode, bien.body).toBe(200);
  });
});

describe('#5 verificación de contenedor: más de un ítem y sus marcas', () => {
  it('un ítem, o sin marcas: 422 con el mensaje de la spec y nada escrito; dos ítems y marcas se guarda', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3, codigoTipoCarga: 2 });
    const conf = (
      await balanza.get(
        `/api/Verificacion/ListarConfiguracionTipoControl?CodigoMovimiento=${m.codigoMovimiento}&CodigoTipoControl=3`,
      )
    ).json().data;
    const contenedor = (conf.detalleTipoControl as Item[]).filter((i) => i.codigoTipoCarga === 2);
    expect(contenedor.length).toBeGreaterThan(2);
    const verificar = (detalle: ReturnType<typeof marcar>, marcaContenedor: string) =>
      balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
        data: {
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoCarga: 2,
          codigoTipoControl: 3,
          numerobultosVerificado: '0',
          marcaContenedor,
          detalleTipoControl: detalle,
        },
      });
    const antes = await foto(m.codigoMovimiento);
    const uno = await verificar(marcar(contenedor, 1), 'MSCU 123456-7');
    expect(uno.statusCode).toBe(422);
    expect(uno.json().errors.detalleTipoControl).toEqual([MENSAJES_ETAPAS.seleccionarVerificacion]);
    const sinMarcas = await verificar(marcar(contenedor, 2), '  ');
    expect(sinMarcas.statusCode).toBe(422);
    expect(sinMarcas.json().errors.marcaContenedor).toEqual([MENSAJES_ETAPAS.marcasContenedor]);
    expect(await foto(m.codigoMovimiento)).toEqual(antes);
    const bien = await verificar(marcar(contenedor, 2), 'MSCU 123456-7');
    expect(bien.statusCode, bien.body).toBe(200);
  });
});

describe('verificación guardada sin finalizar', () => {
  it('al volver a elegir la orden, la configuración trae lo guardado: bultos, ítems marcados y observación', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3, codigoTipoCarga: 1 });
    const url = `/api/Verificacion/ListarConfiguracionTipoControl?CodigoMovimiento=${m.codigoMovimiento}&CodigoTipoControl=3`;
    const conf = (await balanza.get(url)).json().data;
    expect(conf.verificacion).toBeNull();
    const sueltos = (conf.detalleTipoControl as Item[]).filter((i) => i.codigoTipoCarga !== 2);
    expect(sueltos.length).toBeGreaterThan(1);
    const detalle = marcar(sueltos, 1);
    const r = await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 3,
        numerobultosVerificado: '13',
        observacion: 'Dos cajas con la cinta rota',
        detalleTipoControl: detalle,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const otraVez = (await balanza.get(url)).json().data;
    expect(otraVez.verificacion).toMatchObject({
      codigoTipoCarga: 1,
      numeroBultosVerificado: 13,
      finalizado: false,
      observacion: 'Dos cajas con la cinta rota',
      itemsMarcados: [sueltos[0]?.codigoDetalleTipoContol],
    });
  });
});

describe('#8 búsqueda sin resultados', () => {
  it('responde 200 sin filas y con la advertencia de la spec (no 404)', async () => {
    const r = await seguridad.get('/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=OP9999999');
    expect([r.statusCode, r.json().data, r.json().message]).toEqual([200, [], MENSAJES_ETAPAS.sinDatos]);
    const b = await balanza.get(
      '/api/Balanza/ConsultarMovimientoControl?CodigoIngreso=OP9999999&CodigoEstadoMovimiento=2',
    );
    expect([b.statusCode, b.json().data, b.json().message]).toEqual([200, [], MENSAJES_ETAPAS.sinDatos]);
    const v = await balanza.get('/api/Verificacion/ConsultarMovimientoControl?CodigoIngreso=OP9999999');
    expect([v.statusCode, v.json().data, v.json().message]).toEqual([200, [], MENSAJES_ETAPAS.sinDatos]);
  });
});

describe('#9 la etiqueta dice lo que la orden espera de verdad', () => {
  it('estado 3: Verificación de ingreso hasta finalizarla, luego Pesaje de salida; estado 4 igual con la de salida', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const estado = async (codigo: number) =>
      (
        await (codigo === 4 ? seguridad : balanza).get(
          `/api/Balanza/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}&CodigoEstadoMovimiento=${codigo}`,
        )
      ).json().data[0]?.estado;
    expect(await estado(3)).toBe('Verificación de ingreso');
    const [v] = await e.db
      .insert(controlMovimiento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 3,
        estadoDesde: 3,
        finalizado: false,
        usuarioRegistro: 'prueba',
        codigoUsuarioRegistro: 1,
        fechaRegistro: new Date(),
      })
      .returning();
    // Saved but not finalized: still the verification.
    expect(await estado(3)).toBe('Verificación de ingreso');
    await e.db
      .update(controlMovimiento)
      .set({ finalizado: true })
      .where(eq(controlMovimiento.codigoControlMovimiento, v?.codigoControlMovimiento ?? 0));
    expect(await estado(3)).toBe('Pesaje de salida');
    await e.db
      .update(movimiento)
      .set({ codigoEstadoMovimiento: 4 })
      .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(await estado(4)).toBe('Verificación de salida');
  });

  it('la lista de revisión dice lo mismo', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const r = await moderador.get(
      `/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.CODIGO_INGRESO&Valor=${m.codigoIngreso}`,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data[0].descripcionEstadoMovimiento).toBe('Verificación de ingreso');
  });

  it('el aviso del pesaje de ingreso nombra la verificación de ingreso, no el pesaje de salida', async () => {
    const m = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoEstadoMovimiento: 2,
      codigoTipoIngreso: 'PE',
    });
    await balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=2&CodigoMovimiento=${m.codigoMovimiento}`);
    const r = await balanza.post('/api/Balanza/GuardarBalanzaIngreso', {
      data: { codigoMovimiento: m.codigoMovimiento, codeTipoBalanza: 2, peso: 0 },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [n] = await e.db
      .select()
      .from(notificacion)
      .where(eq(notificacion.tipo, TIPO_NOTIFICACION.movimientoEtapa))
      .orderBy(desc(notificacion.codigoNotificacion))
      .limit(1);
    expect(n?.titulo).toBe(`Orden ${m.codigoIngreso}: Verificación de ingreso`);
  });
});

describe('#12 la observación se avisa como texto', () => {
  it('lo que el revisor escribió con < > & llega así al aviso, sin entidades ni etiquetas', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const r = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        estadoObservado: 2,
        observacion: '<p>Falta <b>precinto</b></p><p>Escribió &lt;b&gt; &amp; sello&nbsp;roto</p>',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [n] = await e.db
      .select()
      .from(notificacion)
      .where(eq(notificacion.tipo, TIPO_NOTIFICACION.movimientoObservado))
      .orderBy(desc(notificacion.codigoNotificacion))
      .limit(1);
    expect(n?.mensaje).toBe('Observación: Falta precinto\nEscribió <b> & sello roto');
  });

  it('los párrafos de la observación llegan separados, también los que el editor abre con <div> sin cerrar el anterior', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const r = await moderador.post('/api/Movimiento/CambiarEstadoObservado', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        estadoObservado: 2,
        observacion: 'El precinto no coincide<div>Falta guía</div><ul><li>Caja 3</li><li>Caja 7</li></ul>',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [n] = await e.db
      .select()
      .from(notificacion)
      .where(eq(notificacion.tipo, TIPO_NOTIFICACION.movimientoObservado))
      .orderBy(desc(notificacion.codigoNotificacion))
      .limit(1);
    expect(n?.mensaje).toBe('Observación: El precinto no coincide\nFalta guía\nCaja 3\nCaja 7');
  });
});

describe('#13 control de salida de una orden observada', () => {
  it('dice por qué (observación pendiente de levantar) y qué hacer', async () => {
    const m = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoEstadoMovimiento: 4,
      codigoEstadoObservado: 2,
    });
    await e.db.insert(controlMovimiento).values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 5,
      estadoDesde: 4,
      finalizado: true,
      usuarioRegistro: 'prueba',
      codigoUsuarioRegistro: 1,
      fechaRegistro: new Date(),
    });
    const antes = await foto(m.codigoMovimiento);
    const r = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: { codigoMovimiento: m.codigoMovimiento, observacion: 'x' },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_ETAPAS.ordenObservada);
    expect(r.json().message).toMatch(/pendiente de levantar.*Órdenes observadas/);
    expect(await foto(m.codigoMovimiento)).toEqual(antes);
    const sinVerificar = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 4 });
    const r2 = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: { codigoMovimiento: sinVerificar.codigoMovimiento, observacion: 'x' },
    });
    expect([r2.statusCode, r2.json().message]).toEqual([
      409,
      MENSAJES_ETAPAS.requiereFinalizada('Verificación de salida'),
    ]);
    expect(r2.json().message).toMatch(/Finalizar registro/);
  });
});
