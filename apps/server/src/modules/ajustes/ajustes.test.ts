import { createServer, type Server } from 'node:net';
import { MENSAJES_ADUANAS, MENSAJES_AJUSTES as M } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { SimuladorBalanza } from '../balanza/lector/simulador';

let e: Entorno;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let superadmin: Sesion;
let admin: Sesion;
let tesorero: Sesion;
let seguridad: Sesion;
let usuarioEmpresa: Sesion;
let simulador: SimuladorBalanza;
let mudo: Server;
let puertoMudo: number;

const balanzaValida = (puerto: number) => ({
  codigoTipoBalanza: 1,
  protocolo: 'toledo',
  host: '127.0.0.1',
  puerto,
  activo: true,
});

beforeAll(async () => {
  e = await crearEntorno({ env: { CONSULTAS_EXTERNAS: 'true' } });
  const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  superadmin = await e.sesion(1, 1);
  admin = await e.sesion(2, 1);
  tesorero = await e.sesion(9, 1);
  seguridad = await e.sesion(3, 1);
  usuarioEmpresa = await e.sesion(8, empresa);
  // The weighbridge simulator (the indicator a gate's serial-to-TCP converter exposes), a stable 12 340 kg.
  simulador = await new SimuladorBalanza({ protocolo: 'toledo' }).iniciar();
  simulador.fijar({ peso: 12_340, estable: true });
  // A converter that accepts the connection and never sends a frame (wrong protocol, indicator off).
  mudo = createServer(() => {});
  await new Promise<void>((ok) => mudo.listen(0, '127.0.0.1', () => ok()));
  const dir = mudo.address();
  puertoMudo = typeof dir === 'object' && dir ? dir.port : 0;
});
afterAll(async () => {
  await simulador?.cerrar();
  await new Promise((ok) => mudo?.close(ok));
  await e?.cerrar();
});

/** A port nobody listens on: bind one, then free it. */
async function puertoCerrado() {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));
  const dir = s.address();
  const puerto = typeof dir === 'object' && dir ? dir.port : 1;
  await new Promise((ok) => s.close(ok));
  return puerto;
}

describe('ajustes: balanzas', () => {
  it('lista cada tipo de balanza con su indicador; solo quien edita parámetros la ve', async () => {
    const r = await superadmin.get('/api/Ajustes/Balanzas');
    expect(r.statusCode, r.body).toBe(200);
    const filas = r.json().data;
    expect(filas.map((b: { codigoTipoBalanza: number }) => b.codigoTipoBalanza)).toEqual([1, 2]);
    expect(filas[0]).toMatchObject({ protocolo: 'toledo', host: 'simulador', activo: true });
    expect((await seguridad.get('/api/Ajustes/Balanzas')).statusCode).toBe(403);
    expect((await usuarioEmpresa.get('/api/Ajustes/Balanzas')).statusCode).toBe(403);
    expect((await e.app.inject({ method: 'GET', url: '/api/Ajustes/Balanzas' })).statusCode).toBe(401);
  });

  it('valida protocolo, host y puerto con mensajes en español (422, nada escrito)', async () => {
    const antes = await e.contarAuditoria();
    const r = await admin.post('/api/Ajustes/GuardarBalanza', {
      data: { codigoTipoBalanza: 1, protocolo: 'modbus', host: 'mal host!', puerto: 70000, activo: true },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toMatchObject({
      protocolo: [M.protocoloInvalido],
      host: [M.hostInvalido],
      puerto: [M.puertoInvalido],
    });
    const sinPuerto = await admin.post('/api/Ajustes/GuardarBalanza', {
      data: { ...balanzaValida(0), host: '10.0.0.5' },
    });
    expect(sinPuerto.statusCode).toBe(422);
    expect(sinPuerto.json().errors.puerto).toEqual([M.puertoInvalido]);
    const noExiste = await admin.post('/api/Ajustes/GuardarBalanza', {
      data: { ...balanzaValida(4001), codigoTipoBalanza: 9 },
    });
    expect(noExiste.statusCode).toBe(404);
    expect((await seguridad.post('/api/Ajustes/GuardarBalanza', { data: balanzaValida(4001) })).statusCode).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('"Probar conexión" da una lectura en vivo del simulador de balanza, sin escribir auditoría', async () => {
    const antes = await e.contarAuditoria();
    const r = await admin.post('/api/Ajustes/ProbarBalanza', { data: balanzaValida(simulador.puerto) });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ ok: true, mensaje: M.pruebaCorrecta, lectura: { peso: 12_340, estable: true } });
    expect(d.lectura.trama).toContain('012340');
    expect(d.milisegundos).toBeLessThan(3_000);
    // The built-in simulator (host 'simulador') answers too.
    const s = await admin.post('/api/Ajustes/ProbarBalanza', {
      data: { ...balanzaValida(0), host: 'simulador', protocolo: 'ascii' },
    });
    expect(s.json().data.ok, s.body).toBe(true);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('"Probar conexión" explica en español un puerto cerrado y un indicador que no envía tramas, en pocos segundos', async () => {
    const cerrado = await puertoCerrado();
    const t0 = Date.now();
    const r = await admin.post('/api/Ajustes/ProbarBalanza', { data: balanzaValida(cerrado) });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      ok: false,
      mensaje: M.pruebaSinConexion(`127.0.0.1:${cerrado}`),
      lectura: null,
    });
    const m = await admin.post('/api/Ajustes/ProbarBalanza', { data: balanzaValida(puertoMudo) });
    expect(m.json().data).toMatchObject({ ok: false, mensaje: M.pruebaSinLectura(`127.0.0.1:${puertoMudo}`) });
    expect(Date.now() - t0).toBeLessThan(5_000);
    const apagada = await admin.post('/api/Ajustes/ProbarBalanza', { data: { ...balanzaValida(4001), activo: false } });
    expect(apagada.json().data).toMatchObject({ ok: false, mensaje: M.pruebaSinIndicador });
  });

  it('guardar apunta la balanza al indicador (auditado) y el pesaje lee de él', async () => {
    const antes = await e.contarAuditoria();
    const r = await admin.post('/api/Ajustes/GuardarBalanza', { data: balanzaValida(simulador.puerto) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ host: '127.0.0.1', puerto: simulador.puerto, protocolo: 'toledo' });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const [fila] = (await e.auditoriaDe(admin.usuario.codigoUsuario)).filter((a) => a.tipo === 'AJUSTE_BALANZA');
    expect(JSON.parse(fila?.antes ?? '{}')).toMatchObject({ host: 'simulador' });
    // The weighing reader picks the new indicator up at its next read.
    let estado = { connected: false, ultimaLectura: null as null | { peso: number } };
    for (let i = 0; i < 40 && !estado.ultimaLectura; i++) {
      estado = (await superadmin.get('/api/Balanza/EstadoBalanza?TipoBalanza=1')).json().data;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(estado.connected).toBe(true);
    expect(estado.ultimaLectura?.peso).toBe(12_340);
  });
});

describe('ajustes: listas de control', () => {
  const lista = (s: Sesion, tc = 6, ti = 'VH') =>
    s.get(`/api/Ajustes/ListaControl?TipoControl=${tc}&TipoIngreso=${ti}`);
  const enEtapa = async (ti = 'VH') =>
    (
      await superadmin.get(
        `/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=6&CodigoTipoIngreso=${ti}`,
      )
    )
      .json()
      .data.map((i: { descripcion: string }) => i.descripcion);

  it('agrega un ítem al final (auditado) y el control de seguridad lo muestra', async () => {
    const antes = await e.contarAuditoria();
    const r = await admin.post('/api/Ajustes/GuardarItemControl', {
      data: {
        codigoTipoControl: 6,
        codigoTipoIngreso: 'VH',
        codigoTipoCarga: 0,
        descripcion: 'Extintor vigente en la cabina',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const item = r.json().data;
    expect(item).toMatchObject({ activo: true, codigoTipoControl: 6, codigoTipoIngreso: 'VH' });
    const filas = (await lista(admin)).json().data;
    expect(filas.at(-1).descripcion).toBe('Extintor vigente en la cabina');
    expect(await enEtapa()).toContain('Extintor vigente en la cabina');
    expect(await enEtapa('PE')).not.toContain('Extintor vigente en la cabina');
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('rechaza descripción corta, duplicada, tipos inválidos y a quien no edita parámetros', async () => {
    const antes = await e.contarAuditoria();
    const base = { codigoTipoControl: 6, codigoTipoIngreso: 'VH', codigoTipoCarga: 0 };
    const corta = await admin.post('/api/Ajustes/GuardarItemControl', { data: { ...base, descripcion: 'ab' } });
    expect(corta.statusCode).toBe(422);
    expect(corta.json().errors.descripcion).toEqual([M.descripcionInvalida]);
    const dup = await admin.post('/api/Ajustes/GuardarItemControl', {
      data: { ...base, descripcion: 'soat VIGENTE' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.descripcion).toEqual([M.itemDuplicado]);
    const tipos = await admin.post('/api/Ajustes/GuardarItemControl', {
      data: { codigoTipoControl: 2, codigoTipoIngreso: 'XX', codigoTipoCarga: 7, descripcion: 'Algo que revisar' },
    });
    expect(tipos.statusCode).toBe(422);
    expect(tipos.json().errors).toMatchObject({
      codigoTipoControl: [M.tipoControlInvalido],
      codigoTipoIngreso: [M.tipoIngresoInvalido],
      codigoTipoCarga: [M.tipoCargaInvalido],
    });
    expect((await lista(admin, 1)).statusCode).toBe(422);
    expect(
      (await seguridad.post('/api/Ajustes/GuardarItemControl', { data: { ...base, descripcion: 'Otro ítem' } }))
        .statusCode,
    ).toBe(403);
    expect((await lista(usuarioEmpresa)).statusCode).toBe(403);
    expect(
      (
        await admin.post('/api/Ajustes/GuardarItemControl', {
          data: { ...base, codigoDetalleTipoControl: 999999, descripcion: 'Otro ítem' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('edita, reordena y deshabilita: la etapa sigue el orden y deja de mostrar el deshabilitado', async () => {
    const filas = (await lista(admin)).json().data as { codigoDetalleTipoControl: number; descripcion: string }[];
    const [primero] = filas;
    if (!primero) throw new Error('sin ítems');
    const editado = await admin.post('/api/Ajustes/GuardarItemControl', {
      data: {
        codigoDetalleTipoControl: primero.codigoDetalleTipoControl,
        codigoTipoControl: 6,
        codigoTipoIngreso: 'VH',
        codigoTipoCarga: 0,
        descripcion: 'Documento de identidad vigente (DNI o pasaporte)',
      },
    });
    expect(editado.statusCode, editado.body).toBe(200);
    const invertido = filas.map((f) => f.codigoDetalleTipoControl).reverse();
    const incompleto = await admin.post('/api/Ajustes/OrdenarListaControl', {
      data: { codigoTipoControl: 6, codigoTipoIngreso: 'VH', codigos: invertido.slice(1) },
    });
    expect(incompleto.statusCode).toBe(422);
    expect(incompleto.json().errors.codigos).toEqual([M.ordenIncompleto]);
    const repetido = await admin.post('/api/Ajustes/OrdenarListaControl', {
      data: { codigoTipoControl: 6, codigoTipoIngreso: 'VH', codigos: [...invertido.slice(1), invertido[1]] },
    });
    expect(repetido.statusCode).toBe(422);
    const orden = await admin.post('/api/Ajustes/OrdenarListaControl', {
      data: { codigoTipoControl: 6, codigoTipoIngreso: 'VH', codigos: invertido },
    });
    expect(orden.statusCode, orden.body).toBe(200);
    const etapa = await enEtapa();
    expect(etapa.at(-1)).toBe('Documento de identidad vigente (DNI o pasaporte)');
    expect(etapa[0]).toBe('Extintor vigente en la cabina');

    const antes = await e.contarAuditoria();
    const off = await admin.post('/api/Ajustes/EstadoItemControl', {
      data: { codigoDetalleTipoControl: primero.codigoDetalleTipoControl, activo: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: M.itemDeshabilitado, data: { activo: false } });
    expect(await enEtapa()).not.toContain('Documento de identidad vigente (DNI o pasaporte)');
    // Still listed in the hub, to enable it again.
    expect((await lista(admin)).json().data.some((i: { activo: boolean }) => !i.activo)).toBe(true);
    const on = await admin.post('/api/Ajustes/EstadoItemControl', {
      data: { codigoDetalleTipoControl: primero.codigoDetalleTipoControl, activo: true },
    });
    expect(on.json().message).toBe(M.itemHabilitado);
    expect(await enEtapa()).toContain('Documento de identidad vigente (DNI o pasaporte)');
    expect(await e.contarAuditoria()).toBe(antes + 2);
  });
});

describe('ajustes: plazos y tolerancias', () => {
  it('el plazo de justificación de conteos se valida, se audita y lo usa el conteo', async () => {
    const r0 = await admin.get('/api/Ajustes/Plazos');
    expect(r0.json().data).toEqual({ plazoJustificacionHoras: 48, diasCredito: 30, diasBloqueo: 15, versionDeuda: 1 });
    const antes = await e.contarAuditoria();
    for (const malo of [0, 1000, 1.5, 'x']) {
      const r = await admin.post('/api/Ajustes/GuardarPlazoConteo', { data: { plazoJustificacionHoras: malo } });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.plazoJustificacionHoras).toEqual([M.plazoInvalido]);
    }
    expect(
      (await tesorero.post('/api/Ajustes/GuardarPlazoConteo', { data: { plazoJustificacionHoras: 72 } })).statusCode,
    ).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
    const r = await admin.post('/api/Ajustes/GuardarPlazoConteo', { data: { plazoJustificacionHoras: 72 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.plazoJustificacionHoras).toBe(72);
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('los días de deuda los cambia finanzas (roles 1 y 9), no el administrador sin finanzas', async () => {
    const antes = await e.contarAuditoria();
    const malo = await superadmin.post('/api/Ajustes/GuardarDeuda', { data: { diasCredito: -1, diasBloqueo: 400 } });
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors).toEqual({
      diasCredito: [M.diasCreditoInvalido],
      diasBloqueo: [M.diasBloqueoInvalido],
    });
    expect(
      (await admin.post('/api/Ajustes/GuardarDeuda', { data: { diasCredito: 30, diasBloqueo: 10 } })).statusCode,
    ).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
    const r = await tesorero.post('/api/Ajustes/GuardarDeuda', { data: { diasCredito: 45, diasBloqueo: 20 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ diasCredito: 45, diasBloqueo: 20 });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    // The finance module reads the same parameters (the gate's debt block uses diasBloqueo).
    expect((await tesorero.get('/api/Finanzas/Parametros')).json().data).toMatchObject({
      diasCredito: 45,
      diasBloqueo: 20,
    });
    expect((await tesorero.get('/api/Ajustes/Plazos')).statusCode).toBe(200);
    expect((await seguridad.get('/api/Ajustes/Plazos')).statusCode).toBe(403);
  });

  it('al dar más días de gracia desde aquí, la empresa morosa deja de estar bloqueada en garita en el acto', async () => {
    const deudora = (await e.crearEmpresa()).codigoEmpresaUsuario;
    expect(
      (await tesorero.post('/api/Ajustes/GuardarDeuda', { data: { diasCredito: 30, diasBloqueo: 15 } })).statusCode,
    ).toBe(200);
    const v = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: deudora,
        tipoComprobante: '01',
        lineas: [{ descripcion: 'Estiba', cantidad: 1, valorUnitario: 100, afectacionIgv: '10' }],
      },
    });
    expect(v.statusCode, v.body).toBe(200);
    // 40 days later the factura (30 days of credit) is 10 days late; with no grace it blocks.
    e.reloj.avanzar(40 * 86_400_000);
    try {
      const t = await e.sesion(9, 1);
      const s = await e.sesion(3, 1);
      const bloqueada = async () =>
        (await s.get(`/api/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo?Codigo=${deudora}`)).json().data
          ?.indicadorBloqueo;
      // Saved on the finance screen, the company's block flag is set.
      const sinGracia = await t.post('/api/Finanzas/GuardarParametros', {
        data: { diasCredito: 30, diasBloqueo: 0, tasaMoraDiaria: 0.05 },
      });
      expect(sinGracia.statusCode, sinGracia.body).toBe(200);
      expect(await bloqueada()).toBe(true);
      // 15 days of grace: 10 days late no longer blocks, and the gate must say so now, not after the next payment.
      const conGracia = await t.post('/api/Ajustes/GuardarDeuda', { data: { diasCredito: 30, diasBloqueo: 15 } });
      expect(conGracia.statusCode, conGracia.body).toBe(200);
      expect(await bloqueada()).toBe(false);
    } finally {
      e.reloj.avanzar(-40 * 86_400_000);
    }
  });
});

describe('ajustes: consultas externas', () => {
  it('cada proveedor tiene su interruptor; apagar el levante hace que la consulta diga que está inactiva', async () => {
    const r = await admin.get('/api/Ajustes/ConsultasExternas');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.map((c: { codigo: string; efectivo: boolean }) => [c.codigo, c.efectivo])).toEqual([
      ['dni', true],
      ['ruc', true],
      ['levante', true],
    ]);
    const antes = await e.contarAuditoria();
    const malo = await admin.post('/api/Ajustes/GuardarConsultaExterna', {
      data: { codigo: 'reniec2', activo: false },
    });
    expect(malo.statusCode).toBe(422);
    expect(
      (await seguridad.post('/api/Ajustes/GuardarConsultaExterna', { data: { codigo: 'levante', activo: false } }))
        .statusCode,
    ).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
    const off = await admin.post('/api/Ajustes/GuardarConsultaExterna', { data: { codigo: 'levante', activo: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.find((c: { codigo: string }) => c.codigo === 'levante')).toMatchObject({
      activo: false,
      permitidoServidor: true,
      efectivo: false,
    });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const q = await superadmin.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-10-004512' },
    });
    expect(q.statusCode).toBe(422);
    expect(q.json().message).toBe(MENSAJES_ADUANAS.levanteInactivo);
    const on = await admin.post('/api/Ajustes/GuardarConsultaExterna', { data: { codigo: 'levante', activo: true } });
    expect(on.statusCode).toBe(200);
    const q2 = await superadmin.post('/api/Declaracion/ConsultarLevante', {
      data: { NumeroDeclaracion: '172-2026-10-004512' },
    });
    expect(q2.json().message).not.toBe(MENSAJES_ADUANAS.levanteInactivo);
  });
});
