import { MENSAJES_TABLERO } from '@cronos/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { controlMovimiento, empresaUsuario, movimiento } from '../../db/schema';

/**
 * A hand-built day. The clock is 2026-11-20 14:00Z = 09:00 Lima; the Lima day began at 05:00Z.
 *   a1 (A) state 2: entry control 07:30 Lima                       → weighing, 90 min (alarm 30: yes)
 *   a2 (A) state 3: entry 06:10, weighing 06:40, verification done 08:20 → exit weighing, 40 min (alarm 60: no)
 *   a3 (A) state 1, registered 08:00 Lima, observed               → entry control, 60 min (alarm 120: no)
 *   b1 (B) state 4: entry 05:15, exit weighing 08:45, 12 500 kg net → exit verification, 15 min
 *   b2 (B) state 5: entry 05:05, exit weighing 06:30 (8 000 kg), exit 07:10  → not on the board
 *   b3 (B) state 2: entry control 23:59 Lima the day before       → weighing, 541 min (alarm: yes), not today
 * Company B is blocked.
 */
let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let A: number;
let B: number;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let operador: Sesion;
let usuarioA: Sesion;
let usuarioB: Sesion;
const codigos: Record<string, number> = {};

async function orden(
  nombre: string,
  empresa: number,
  estado: number,
  registro: string,
  controles: { tipo: number; fecha: string; neto?: number; finalizado?: boolean }[],
  extra: Partial<typeof movimiento.$inferInsert> = {},
) {
  const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: estado });
  await e.db
    .update(movimiento)
    .set({ fechaRegistro: new Date(registro), fechaEtapa: new Date(registro), ...extra })
    .where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
  for (const c of controles) {
    const [fila] = await e.db
      .insert(controlMovimiento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: c.tipo,
        estadoDesde: 1,
        estadoHasta: 2,
        pesoNeto: c.neto === undefined ? null : String(c.neto),
        finalizado: c.finalizado ?? ![3, 5].includes(c.tipo),
        fechaRegistro: new Date(c.fecha),
        codigoUsuarioRegistro: 1,
      })
      .returning();
    // A verification is saved first and finalized later (the trigger moves the order on at that moment).
    if (fila && [3, 5].includes(c.tipo) && c.finalizado !== false)
      await e.db
        .update(controlMovimiento)
        .set({ finalizado: true, fechaFinalizacion: new Date(c.fecha) })
        .where(eq(controlMovimiento.codigoControlMovimiento, fila.codigoControlMovimiento));
  }
  codigos[nombre] = m.codigoMovimiento;
}

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  A = (await e.crearEmpresa()).codigoEmpresaUsuario;
  B = (await e.crearEmpresa({ indicadorBloqueo: true })).codigoEmpresaUsuario;
  operador = await e.sesion(1, 1);
  usuarioA = await e.sesion(8, A);
  usuarioB = await e.sesion(8, B);
  await orden('a1', A, 2, '2026-11-20T12:00:00Z', [{ tipo: 1, fecha: '2026-11-20T12:30:00Z' }]);
  await orden('a2', A, 3, '2026-11-20T11:00:00Z', [
    { tipo: 1, fecha: '2026-11-20T11:10:00Z' },
    { tipo: 2, fecha: '2026-11-20T11:40:00Z' },
    { tipo: 3, fecha: '2026-11-20T13:20:00Z', finalizado: false },
  ]);
  // Finalized afterwards, as the verification screen does.
  await e.db
    .update(controlMovimiento)
    .set({ finalizado: true, fechaFinalizacion: new Date('2026-11-20T13:20:00Z') })
    .where(and(eq(controlMovimiento.codigoMovimiento, codigos.a2 ?? 0), eq(controlMovimiento.codigoTipoControl, 3)));
  await orden('a3', A, 1, '2026-11-20T13:00:00Z', [], {
    codigoEstadoObservado: 2,
    observacion: '<p>Falta <b>guía</b></p>',
  });
  await orden('b1', B, 4, '2026-11-20T10:00:00Z', [
    { tipo: 1, fecha: '2026-11-20T10:15:00Z' },
    { tipo: 2, fecha: '2026-11-20T10:40:00Z' },
    { tipo: 3, fecha: '2026-11-20T11:00:00Z' },
    { tipo: 4, fecha: '2026-11-20T13:45:00Z', neto: 12500 },
  ]);
  await orden('b2', B, 5, '2026-11-20T10:00:00Z', [
    { tipo: 1, fecha: '2026-11-20T10:05:00Z' },
    { tipo: 4, fecha: '2026-11-20T11:30:00Z', neto: 8000 },
    { tipo: 6, fecha: '2026-11-20T12:10:00Z' },
  ]);
  await orden('b3', B, 2, '2026-11-19T20:00:00Z', [{ tipo: 1, fecha: '2026-11-20T04:59:00Z' }]);
});
afterAll(async () => e.cerrar());

const etapas = (r: {
  etapas: { codigoTipoControl: number; cantidad: number; enAlarma: number; maximoMinutos: number }[];
}) => Object.fromEntries(r.etapas.map((x) => [x.codigoTipoControl, [x.cantidad, x.enAlarma, x.maximoMinutos]]));
const horas = (r: { horas: { hora: number; entradas: number; salidas: number; toneladasNetas: number }[] }) =>
  r.horas
    .filter((h) => h.entradas || h.salidas || h.toneladasNetas)
    .map((h) => [h.hora, h.entradas, h.salidas, h.toneladasNetas]);

describe('tablero en vivo', () => {
  it('el operador ve la zona: órdenes por etapa con su permanencia y alarma, y el día por hora', async () => {
    const r = await operador.get('/api/Tablero/Resumen');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.fecha).toBe('2026-11-20');
    expect(etapas(d)).toEqual({
      1: [1, 0, 60],
      2: [2, 2, 541],
      3: [0, 0, 0],
      4: [1, 0, 40],
      5: [1, 0, 15],
      6: [0, 0, 0],
    });
    // [Lima hour, entries, exits, net tonnes]: 05:05 and 05:15 → 5; 06:10 entry and 06:30 8 t → 6;
    // 07:30 entry and 07:10 exit → 7; 08:45 12.5 t → 8. 23:59 of the day before is not today.
    expect(horas(d)).toEqual([
      [5, 2, 0, 0],
      [6, 1, 0, 8],
      [7, 1, 1, 0],
      [8, 0, 0, 12.5],
    ]);
    expect(d.horas).toHaveLength(24);
    expect(d.totales).toEqual({
      dentro: 4,
      entradas: 4,
      salidas: 1,
      toneladasNetas: 20.5,
      observadas: 1,
      empresasBloqueadas: 1,
    });
  });

  it('un usuario de empresa ve solo sus órdenes y su propio bloqueo', async () => {
    const a = (await usuarioA.get('/api/Tablero/Resumen')).json().data;
    expect(etapas(a)).toMatchObject({ 1: [1, 0, 60], 2: [1, 1, 90], 4: [1, 0, 40], 5: [0, 0, 0] });
    expect(a.totales).toEqual({
      dentro: 2,
      entradas: 2,
      salidas: 0,
      toneladasNetas: 0,
      observadas: 1,
      empresasBloqueadas: 0,
    });
    const b = (await usuarioB.get('/api/Tablero/Resumen')).json().data;
    expect(b.totales).toEqual({
      dentro: 2,
      entradas: 2,
      salidas: 1,
      toneladasNetas: 20.5,
      observadas: 0,
      empresasBloqueadas: 1,
    });
    const lista = (await usuarioA.get('/api/Tablero/Lista?Figura=etapa&Etapa=2')).json().data;
    expect(
      lista.map((x: { codigoMovimiento: number; minutos: number; alarma: boolean }) => [
        x.codigoMovimiento,
        x.minutos,
        x.alarma,
      ]),
    ).toEqual([[codigos.a1, 90, true]]);
    expect((await usuarioA.get('/api/Tablero/Lista?Figura=bloqueadas')).json().data).toEqual([]);
    expect((await usuarioA.get('/api/Tablero/Lista?Figura=salidas')).json().data).toEqual([]);
  });

  it('cada cifra abre su lista', async () => {
    const ids = async (q: string) =>
      (
        (await operador.get(`/api/Tablero/Lista?${q}`)).json().data as {
          codigoMovimiento: number | null;
          razonSocial: string;
        }[]
      ).map((x) => x.codigoMovimiento ?? x.razonSocial);
    expect(await ids('Figura=etapa&Etapa=2')).toEqual([codigos.b3, codigos.a1]);
    expect(await ids('Figura=entradas&Hora=5')).toEqual([codigos.b1, codigos.b2]);
    expect(await ids('Figura=entradas')).toEqual([codigos.a1, codigos.a2, codigos.b1, codigos.b2]);
    expect(await ids('Figura=salidas')).toEqual([codigos.b2]);
    expect(await ids('Figura=toneladas&Hora=8')).toEqual([codigos.b1]);
    expect(await ids('Figura=observadas')).toEqual([codigos.a3]);
    const obs = (await operador.get('/api/Tablero/Lista?Figura=observadas')).json().data[0];
    expect(obs.detalle).toBe('Falta guía');
    const [bloqueada] = await e.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, B));
    expect(await ids('Figura=bloqueadas')).toEqual([bloqueada?.razonSocial]);
  });

  it('rechaza una figura desconocida, una etapa fuera de rango o sin etapa; sin sesión, 401', async () => {
    expect((await operador.get('/api/Tablero/Lista?Figura=otra')).statusCode).toBe(422);
    expect((await operador.get('/api/Tablero/Lista?Figura=etapa&Etapa=7')).statusCode).toBe(422);
    const sin = await operador.get('/api/Tablero/Lista?Figura=etapa');
    expect(sin.statusCode).toBe(422);
    expect(sin.json().errors.Etapa).toEqual([MENSAJES_TABLERO.etapaRequerida]);
    expect((await e.app.inject({ method: 'GET', url: '/api/Tablero/Resumen' })).statusCode).toBe(401);
  });

  it('los umbrales se cambian con auditoría y mueven la alarma; un usuario de empresa no puede', async () => {
    const antes = await e.contarAuditoria();
    const malo = await operador.post('/api/Tablero/GuardarUmbrales', { data: [{ codigoTipoControl: 2, minutos: 0 }] });
    expect(malo.statusCode).toBe(422);
    const duplicado = await operador.post('/api/Tablero/GuardarUmbrales', {
      data: [
        { codigoTipoControl: 2, minutos: 10 },
        { codigoTipoControl: 2, minutos: 20 },
      ],
    });
    expect(duplicado.statusCode).toBe(422);
    expect(
      (await usuarioA.post('/api/Tablero/GuardarUmbrales', { data: [{ codigoTipoControl: 2, minutos: 100 }] }))
        .statusCode,
    ).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
    const r = await operador.post('/api/Tablero/GuardarUmbrales', { data: [{ codigoTipoControl: 2, minutos: 100 }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const d = (await operador.get('/api/Tablero/Resumen')).json().data;
    expect(etapas(d)[2]).toEqual([2, 1, 541]);
    const u = (await operador.get('/api/Tablero/Umbrales')).json().data;
    expect(u.find((x: { codigoTipoControl: number }) => x.codigoTipoControl === 2).minutos).toBe(100);
  });

  it('la línea de tiempo de una orden: cada etapa con quién, cuándo, pesos y minutos desde el paso anterior', async () => {
    const r = await operador.get(`/api/Tablero/LineaTiempo?CodigoMovimiento=${codigos.b1}`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    // Registered 10:00Z; entry 10:15 (15), weighing 10:40 (25), verification 11:00 (20), exit weighing 13:45 (165).
    expect(d.etapas.map((x: { minutosDesdeAnterior: number | null }) => x.minutosDesdeAnterior)).toEqual([
      15,
      25,
      20,
      165,
      null,
      null,
    ]);
    expect(d.etapas[3].pesoNeto).toBe(12500);
    expect(d.etapas[0].fecha).toBe('2026-11-20T10:15:00.000Z');
    expect(d.minutosTotales).toBe(225);
    // a2: the verification was saved and finalized at 13:20, 100 minutes after the 11:40 weighing.
    const a2 = (await usuarioA.get(`/api/Tablero/LineaTiempo?CodigoMovimiento=${codigos.a2}`)).json().data;
    expect(a2.etapas.slice(0, 3).map((x: { minutosDesdeAnterior: number }) => x.minutosDesdeAnterior)).toEqual([
      10, 30, 100,
    ]);
    expect(a2.minutosTotales).toBe(140);
  });

  it('la línea de tiempo de otra empresa no existe para un usuario de empresa (404)', async () => {
    expect((await usuarioB.get(`/api/Tablero/LineaTiempo?CodigoMovimiento=${codigos.a2}`)).statusCode).toBe(404);
    expect((await operador.get('/api/Tablero/LineaTiempo?CodigoMovimiento=999999')).statusCode).toBe(404);
    expect((await operador.get('/api/Tablero/LineaTiempo?CodigoMovimiento=abc')).statusCode).toBe(422);
  });

  it('el ticket de una orden es un PDF A6 con su código; otra empresa no lo obtiene', async () => {
    const r = await usuarioA.get(`/api/Tablero/TicketOrden?CodigoMovimiento=${codigos.a2}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="ticket-OP\d{7}\.pdf"; filename\*=UTF-8''ticket-OP\d{7}\.pdf$/,
    );
    const pdf = r.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    // A6: 105 × 148 mm = 297.64 × 419.53 points.
    expect(pdf).toMatch(/\/MediaBox \[0 0 297\.63\d* 419\.52\d*\]|\/MediaBox \[0 0 297\.64 419\.53\]/);
    expect((await usuarioB.get(`/api/Tablero/TicketOrden?CodigoMovimiento=${codigos.a2}`)).statusCode).toBe(404);
  });
});
