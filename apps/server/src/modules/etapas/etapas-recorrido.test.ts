import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, JPEG_MINIMO, multipart } from '../../../test/fabricas-etapas';
import { controlMovimiento, kardex, lote, movimiento, pesaje, reservaLote, verificacionImagen } from '../../db/schema';
import { SimuladorBalanza } from '../balanza/lector/simulador';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let simulador: SimuladorBalanza;
const dir = mkdtempSync(join(tmpdir(), 'cronos-etapas-'));
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let seguridad: Sesion;
let balanza: Sesion;
let empresa: number;

beforeAll(async () => {
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  f = fabricaEtapas(e.db);
  simulador = await new SimuladorBalanza({
    protocolo: 'yaohua',
    intervaloMs: 10,
    fragmentar: 3,
    ruido: true,
  }).iniciar();
  await f.configurarBalanza(1, 'yaohua', simulador.puerto);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  seguridad = await e.sesion(3, 1);
  balanza = await e.sesion(4, 1);
});
afterAll(async () => {
  await e.cerrar();
  await simulador.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

const items = async (s: Sesion, tipo: number, ingreso: string) =>
  (
    await s.get(
      `/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=${tipo}&CodigoTipoIngreso=${ingreso}`,
    )
  ).json().data as { codigoDetalleTipoContol: number; codigoTipoCarga: number }[];
const estadoDe = async (id: number) =>
  (await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, id)))[0]?.codigoEstadoMovimiento;

async function subirFotos(s: Sesion, codigoMovimiento: number, tipo: number, cuantas: number) {
  const archivos = Array.from({ length: cuantas }, (_, i) => ({
    campo: 'files',
    nombre: `foto${i + 1}.jpg`,
    contenido: JPEG_MINIMO,
  }));
  const m = multipart({ CodigoMovimiento: codigoMovimiento, CodigoTipoControl: tipo }, archivos);
  return e.app.inject({
    method: 'POST',
    url: '/api/Movimiento/AgregarVerificacionImagen',
    headers: { ...m.headers, authorization: `Bearer ${s.token}` },
    payload: m.payload,
  });
}

describe('recorrido de una orden vehicular de ingreso hasta el estado 5', () => {
  it('pasa cada etapa con su rol, guarda pesos con su trama y acredita el stock al finalizar la verificación', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, lineas: [{ cantidad: 10 }, { cantidad: 2.5 }] });

    // 1. Entry security control.
    const busqueda = await seguridad.get(
      `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso.toLowerCase()}&CodigoEstadoMovimiento=1`,
    );
    expect(busqueda.statusCode).toBe(200);
    expect(busqueda.json().data[0]).toMatchObject({ codigoMovimiento: m.codigoMovimiento, codigoEstadoMovimiento: 1 });
    const datos = (
      await seguridad.get(`/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`)
    ).json().data;
    expect(datos).toMatchObject({ codigoTipoIngreso: 'VH', nombres: 'JUAN', placaVehiculo: m.placaUno });
    const itemsControl = await items(seguridad, 6, 'VH');
    expect(itemsControl.length).toBeGreaterThan(2);
    const control = await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
      codigoTipoControl: 1,
      codigoMovimiento: m.codigoMovimiento,
      usuarioRegistro: 'cualquiera',
      detalleTipoControl: itemsControl.map((i) => ({
        codigoDetalleTipoContol: i.codigoDetalleTipoContol,
        verificacion: true,
      })),
      observacion: 'Conforme',
    });
    expect(control.statusCode, control.body).toBe(200);
    expect(await estadoDe(m.codigoMovimiento)).toBe(2);

    // 2. Entry weighing from the simulated indicator (split frames with noise).
    simulador.fijar({ peso: 32_480, estable: true });
    const p1 = await balanza.get(
      `/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json().data).toMatchObject({ peso: 32_480, pesoBruto: 32_480 });
    const ingreso = await balanza.post('/api/Balanza/GuardarBalanzaIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 2,
        codeTipoBalanza: 1,
        peso: 1,
        codigoPesaje: p1.json().data.codigoPesaje,
      },
    });
    expect(ingreso.statusCode, ingreso.body).toBe(200);
    // The saved weight is the captured one, whatever number the browser sent.
    expect(ingreso.json().data).toMatchObject({ peso: 32_480, pesoBruto: 32_480 });
    expect(await estadoDe(m.codigoMovimiento)).toBe(3);

    // Exit weighing is refused until the entry verification is finalized.
    const antes = await balanza.get(
      `/api/Balanza/ObtenerSegundoPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(antes.statusCode).toBe(409);
    expect(antes.json().message).toContain('Verificación de ingreso');

    // 3. Entry verification (loose cargo), two photos, Finalizar.
    const bus = await balanza.get(
      `/api/Verificacion/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}&CodigoEstadoMovimiento=-1&CodigoTipoControl=3`,
    );
    expect(bus.statusCode).toBe(200);
    const conf = (
      await balanza.get(
        `/api/Verificacion/ListarConfiguracionTipoControl?CodigoMovimiento=${m.codigoMovimiento}&CodigoTipoControl=3`,
      )
    ).json().data;
    expect(conf.codigoTipocarga).toBe(1);
    const sueltos = conf.detalleTipoControl.filter((i: { codigoTipoCarga: number }) => i.codigoTipoCarga !== 2);
    const ver = await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 3,
        numerobultosVerificado: '10',
        detalleTipoControl: sueltos.map((i: { codigoDetalleTipoContol: number }) => ({
          codigoDetalleTipoContol: i.codigoDetalleTipoContol,
          verificacion: true,
        })),
      },
    });
    expect(ver.statusCode, ver.body).toBe(200);
    expect(typeof ver.json().data).toBe('number');
    const sinFotos = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 3 },
    });
    expect(sinFotos.statusCode).toBe(409);
    const fotos = await subirFotos(balanza, m.codigoMovimiento, 3, 2);
    expect(fotos.statusCode, fotos.body).toBe(200);
    const fin = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 3 },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.lineasAcreditadas).toBe(2);
    const lotes = await e.db
      .select()
      .from(lote)
      .innerJoin(kardex, eq(kardex.codigoLote, lote.codigoLote))
      .where(eq(kardex.codigoMovimiento, m.codigoMovimiento));
    expect(lotes.map((l) => Number(l.lote.cantidadStock)).sort()).toEqual([10, 2.5].sort());
    expect(lotes.every((l) => l.kardex.tipo === 'E')).toBe(true);

    // 4. Exit weighing with a trailer: the saved weight is vehicle + trailer.
    simulador.fijar({ peso: 9_120, estable: true });
    const s1 = (
      await balanza.get(`/api/Balanza/ObtenerSegundoPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`)
    ).json().data;
    simulador.fijar({ peso: 4_300, estable: true });
    const s2 = await balanza.get(
      `/api/Balanza/ObtenerSegundoPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}&TipoCarreta=2&PrimeraPesadaCarreta=${s1.peso}`,
    );
    expect(s2.json().data).toMatchObject({
      peso: 9_120,
      pesoSegundaCarreta: 4_300,
      pesoBruto: 32_480,
      pesoTara: 13_420,
      pesoNeto: 19_060,
    });
    const salida = await balanza.post('/api/Balanza/ActualizaBalanzaSalida', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 4,
        codeTipoBalanza: 1,
        peso: 9_120,
        pesoCarreta: 4_300,
        codigoPesaje: s1.codigoPesaje,
        codigoPesajeCarreta: s2.json().data.codigoPesaje,
      },
    });
    expect(salida.statusCode, salida.body).toBe(200);
    expect(salida.json().data).toMatchObject({
      peso: 9_120,
      pesoCarreta: 4_300,
      pesoBruto: 32_480,
      pesoTara: 13_420,
      pesoNeto: 19_060,
    });
    expect(await estadoDe(m.codigoMovimiento)).toBe(4);

    // 5. Exit verification, one photo, Finalizar; 6. exit control.
    const v5 = await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 5,
        numerobultosVerificado: 10,
        detalleTipoControl: [],
      },
    });
    expect(v5.statusCode, v5.body).toBe(200);
    expect((await subirFotos(balanza, m.codigoMovimiento, 5, 1)).statusCode).toBe(200);
    expect(
      (
        await balanza.post('/api/Verificacion/FinalizarVerificacion', {
          data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 5 },
        })
      ).statusCode,
    ).toBe(200);
    const salidaSeg = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: {
        codigoTipoControl: 6,
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Revisión parcial: prueba automatizada',
      },
    });
    expect(salidaSeg.statusCode, salidaSeg.body).toBe(200);
    expect(salidaSeg.json().success).toBe('true');
    expect(await estadoDe(m.codigoMovimiento)).toBe(5);

    // Every captured weight keeps its raw frame, scale and user; the photos are listed by code and ticket.
    const capturas = await e.db.select().from(pesaje).where(eq(pesaje.codigoMovimiento, m.codigoMovimiento));
    expect(capturas.length).toBe(3);
    expect(
      capturas.every(
        (c) =>
          c.trama?.startsWith('\\x02') && c.protocolo === 'yaohua' && c.codigoUsuario === balanza.usuario.codigoUsuario,
      ),
    ).toBe(true);
    const controles = await e.db
      .select()
      .from(controlMovimiento)
      .where(eq(controlMovimiento.codigoMovimiento, m.codigoMovimiento));
    expect(controles.map((c) => c.codigoTipoControl).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const imagenes = (
      await balanza.get(`/api/Verificacion/ListarVerficacionImagenes?NumeroTicket=${m.numeroTicket}`)
    ).json().data;
    expect(imagenes.imagenesEntrada).toHaveLength(2);
    expect(imagenes.imagenesSalida).toHaveLength(1);
    // The ticket as a person reads it off the paper, without its leading zeros, and the order code likewise (the
    // order is given a ticket and code as registration numbers them: 9 digits, OP and 7 digits).
    const corto = String(900 + m.codigoMovimiento);
    await e.db
      .update(movimiento)
      .set({ numeroTicket: corto.padStart(9, '0'), codigoIngreso: `OP${corto.padStart(7, '0')}` })
      .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    const porTicketCorto = await balanza.get(`/api/Verificacion/ListarVerficacionImagenes?NumeroTicket=${corto}`);
    expect(porTicketCorto.statusCode, porTicketCorto.body).toBe(200);
    expect(porTicketCorto.json().data.codigoIngreso).toBe(`OP${corto.padStart(7, '0')}`);
    const porCodigoCorto = await balanza.get(`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=op${corto}`);
    expect(porCodigoCorto.statusCode, porCodigoCorto.body).toBe(200);
    expect(porCodigoCorto.json().data.imagenesEntrada).toHaveLength(2);
    const foto = await balanza.get(imagenes.imagenesEntrada[0].rutaArchivo);
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/jpeg');
  });

  it('una orden peatonal de salida pasa con balanza tipo 2 (0 kg) y el control de salida debita sus reservas', async () => {
    const l = await f.crearLote(empresa, 50);
    const m = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoTipoIngreso: 'PE',
      codigoTipoOperacion: 2,
      lineas: [{ cantidad: 12, reservarDe: { codigoLote: l.codigoLote } }],
    });
    const items6 = await items(seguridad, 6, 'PE');
    expect(
      (
        await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
          codigoMovimiento: m.codigoMovimiento,
          detalleTipoControl: items6.map((i) => ({
            codigoDetalleTipoContol: i.codigoDetalleTipoContol,
            verificacion: true,
          })),
        })
      ).statusCode,
    ).toBe(200);
    // A pedestrian order cannot use the truck scale.
    const camion = await balanza.get(
      `/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(camion.statusCode).toBe(422);
    const p = (
      await balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=2&CodigoMovimiento=${m.codigoMovimiento}`)
    ).json().data;
    expect(p.peso).toBe(0);
    expect(
      (
        await balanza.post('/api/Balanza/GuardarBalanzaIngreso', {
          data: { codigoMovimiento: m.codigoMovimiento, codeTipoBalanza: 2, peso: 0 },
        })
      ).statusCode,
    ).toBe(200);
    for (const tipo of [3, 5] as const) {
      if (tipo === 5) {
        const s = await balanza.post('/api/Balanza/ActualizaBalanzaSalida', {
          data: { codigoMovimiento: m.codigoMovimiento, codeTipoBalanza: 2, peso: 0 },
        });
        expect(s.statusCode, s.body).toBe(200);
      }
      expect(
        (
          await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
            data: {
              codigoMovimiento: m.codigoMovimiento,
              codigoTipoCarga: 1,
              codigoTipoControl: tipo,
              numerobultosVerificado: '1',
            },
          })
        ).statusCode,
      ).toBe(200);
      expect((await subirFotos(balanza, m.codigoMovimiento, tipo, 1)).statusCode).toBe(200);
      const fin = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
        data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: tipo },
      });
      expect(fin.statusCode).toBe(200);
      expect(fin.json().data.lineasAcreditadas).toBe(0);
    }
    const r = await seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: { codigoMovimiento: m.codigoMovimiento, observacion: 'Revisión parcial: prueba automatizada' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await estadoDe(m.codigoMovimiento)).toBe(5);
    const [despues] = await e.db.select().from(lote).where(eq(lote.codigoLote, l.codigoLote));
    expect([Number(despues?.cantidadStock), Number(despues?.cantidadReservada)]).toEqual([38, 0]);
    const reservas = await e.db.select().from(reservaLote).where(eq(reservaLote.codigoLote, l.codigoLote));
    expect(reservas.map((x) => x.estado)).toEqual([2]);
    const salidas = await e.db
      .select()
      .from(kardex)
      .where(and(eq(kardex.codigoMovimiento, m.codigoMovimiento), eq(kardex.tipo, 'S')));
    expect(salidas.map((k) => [Number(k.cantidad), Number(k.saldoLote)])).toEqual([[12, 38]]);
    const fotos = await e.db
      .select()
      .from(verificacionImagen)
      .where(eq(verificacionImagen.codigoMovimiento, m.codigoMovimiento));
    expect(fotos).toHaveLength(2);
  });
});
