import { MENSAJES_ETAPAS, OBSERVACION_NO_OBSERVADO } from '@cronos/contract';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { controlMovimiento, kardex, logSistema, movimiento, notificacion, verificacionImagen } from '../../db/schema';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
let empresa: number;

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
});
afterAll(async () => e.cerrar());

const cuenta = async (tabla: typeof logSistema | typeof notificacion, condicion: ReturnType<typeof eq>) =>
  (await e.db.select({ n: count() }).from(tabla).where(condicion))[0]?.n;

describe('20 guardados simultáneos de la misma etapa', () => {
  it('dan un éxito, un registro de control, una fila de auditoría y un cambio de estado', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const inspectores = await Promise.all(Array.from({ length: 4 }, () => e.sesion(3, 1)));
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inspectores[i % 4]?.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
          codigoMovimiento: m.codigoMovimiento,
          detalleTipoControl: [],
          observacion: `intento ${i}`,
        }),
      ),
    );
    const codigos = respuestas.map((r) => r?.statusCode);
    expect(codigos.filter((c) => c === 200)).toHaveLength(1);
    expect(codigos.filter((c) => c === 409)).toHaveLength(19);
    const mensajes = new Set(respuestas.filter((r) => r?.statusCode === 409).map((r) => r?.json().message));
    expect(
      [...mensajes].every(
        (x) =>
          x === MENSAJES_ETAPAS.fueraDeEtapa('Control de ingreso') ||
          x === MENSAJES_ETAPAS.etapaYaRegistrada('Control de ingreso'),
      ),
    ).toBe(true);
    const controles = await e.db
      .select()
      .from(controlMovimiento)
      .where(eq(controlMovimiento.codigoMovimiento, m.codigoMovimiento));
    expect(controles).toHaveLength(1);
    expect(
      await cuenta(
        logSistema,
        and(eq(logSistema.tipo, 'ETAPA_1'), eq(logSistema.codigoEntidad, String(m.codigoMovimiento))) as ReturnType<
          typeof eq
        >,
      ),
    ).toBe(1);
    const [despues] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(despues?.codigoEstadoMovimiento).toBe(2);
    expect(despues?.version).toBe(m.version + 1);
    expect(await cuenta(notificacion, like(notificacion.titulo, `Orden ${m.codigoIngreso}%`))).toBe(1);
  });

  it('observar 20 veces a la vez: un éxito, un cambio y una fila de auditoría', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
    const revisores = await Promise.all(Array.from({ length: 4 }, () => e.sesion(5, 1)));
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        revisores[i % 4]?.post('/api/Movimiento/CambiarEstadoObservado', {
          data: {
            codigoMovimiento: m.codigoMovimiento,
            estadoObservado: i % 2 ? 1 : 2,
            observacion: `<p>observación ${i}</p>`,
          },
        }),
      ),
    );
    expect(respuestas.filter((r) => r?.statusCode === 200)).toHaveLength(1);
    expect(
      respuestas
        .filter((r) => r?.statusCode === 409)
        .every((r) => r?.json().message === MENSAJES_ETAPAS.observacionYaRegistrada),
    ).toBe(true);
    const [despues] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
    expect(despues?.version).toBe(m.version + 1);
    const auditorias = await e.db
      .select()
      .from(logSistema)
      .where(
        and(like(logSistema.tipo, 'MOVIMIENTO_%OBSERVADO'), eq(logSistema.codigoEntidad, String(m.codigoMovimiento))),
      );
    expect(auditorias.map((a) => a.tipo)).toHaveLength(1);
    if (despues?.codigoEstadoObservado === 1) expect(despues.observacion).toBe(OBSERVACION_NO_OBSERVADO);
    else expect(despues?.observacion).toMatch(/^<p>observación \d+<\/p>$/);
  });

  it('10 Finalizar simultáneos de la verificación de ingreso acreditan el stock una sola vez', async () => {
    const m = await f.crearMovimiento({
      codigoEmpresaUsuario: empresa,
      codigoEstadoMovimiento: 3,
      lineas: [{ cantidad: 4 }],
    });
    const inspector = await e.sesion(4, 1);
    const guardada = await inspector.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 3,
        numerobultosVerificado: '1',
      },
    });
    expect(guardada.statusCode).toBe(200);
    await e.db.insert(verificacionImagen).values({
      codigoVerificacionTipoControl: guardada.json().data,
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: 3,
      nombreArchivo: 'a.jpg',
      rutaArchivo: 'demo/1.jpg',
      tipoContenido: 'image/jpeg',
      tamanio: 10,
      codigoUsuarioRegistro: inspector.usuario.codigoUsuario,
    });
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, () =>
        inspector.post('/api/Verificacion/FinalizarVerificacion', {
          data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 3 },
        }),
      ),
    );
    expect(respuestas.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const entradas = await e.db.select().from(kardex).where(eq(kardex.codigoMovimiento, m.codigoMovimiento));
    expect(entradas.map((k) => Number(k.cantidad))).toEqual([4]);
  });
});
