import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  type EstadoServicio,
  type formularioReporteProblema,
  type InformacionSoporte,
  MENSAJES_SOPORTE as M,
  ROLES_REPORTES_PROBLEMA,
} from '@cronos/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { BaseDatos } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { consultasExternas, listarBalanzas, probarConfiguracion, URL_PROVEEDOR } from '../ajustes/ajustes.service';
import * as repo from './soporte.repository';

/** Each live check stops waiting after this long: the page answers within a few seconds whatever is down. */
export const LIMITE_SONDA_MS = 2_000;

const CONTACTO = {
  correo: 'soporte@zofratacna.demo',
  telefono: '(052) 583 000 anexo 210',
  horario: 'Lunes a viernes de 8:00 a 17:00; garita: 24 horas',
};
/** The manuals the web serves (apps/web/public/manuales). */
const MANUALES = [
  { titulo: 'Manual de usuario', url: '/manuales/manual-de-usuario.pdf' },
  { titulo: 'Manual de registro de órdenes', url: '/manuales/manual-de-ordenes.pdf' },
];

/** Version and build written by the production build next to the bundle (scripts/construir.mjs). */
function compilacion(): { version: string; compilacion: string } {
  try {
    const c = JSON.parse(readFileSync(new URL('./compilacion.json', import.meta.url), 'utf8')) as {
      version?: string;
      commit?: string;
      fecha?: string;
    };
    return {
      version: c.version ?? 'desconocida',
      compilacion: `${c.commit ?? 'sin commit'} · ${c.fecha ?? ''}`.trim(),
    };
  } catch {
    return { version: 'desarrollo', compilacion: 'sin compilar (código fuente)' };
  }
}
const COMPILACION = compilacion();

export function informacion(base: BaseDatos): InformacionSoporte {
  return { contacto: CONTACTO, manuales: MANUALES, ...COMPILACION, baseDatos: base.tipo };
}

async function medir(
  f: () => Promise<{ estado: EstadoServicio['estado']; mensaje: string }>,
  limiteMs = LIMITE_SONDA_MS,
): Promise<{ estado: EstadoServicio['estado']; mensaje: string; milisegundos: number }> {
  const t0 = performance.now();
  let r: { estado: EstadoServicio['estado']; mensaje: string };
  try {
    r = await Promise.race([
      f(),
      new Promise<never>((_, mal) =>
        setTimeout(() => mal(new Error(`sin respuesta en ${limiteMs / 1000} s`)), limiteMs + 500).unref(),
      ),
    ]);
  } catch (e) {
    r = { estado: 'error', mensaje: `Error: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ...r, milisegundos: Math.round(performance.now() - t0) };
}

/** Reaches a provider's host: any HTTP answer means it is up (the lookup itself needs a number). */
async function sondearHttp(url: string) {
  const destino = new URL(url.replace(/\{[^}]*\}/g, '0'));
  try {
    const r = await fetch(destino.origin, { method: 'GET', signal: AbortSignal.timeout(LIMITE_SONDA_MS) });
    await r.body?.cancel();
    return { estado: 'ok' as const, mensaje: `Responde (HTTP ${r.status}) en ${destino.host}` };
  } catch (e) {
    const tiempo = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return {
      estado: 'error' as const,
      mensaje: tiempo
        ? `Sin respuesta de ${destino.host} en ${LIMITE_SONDA_MS / 1000} s`
        : `No se pudo conectar con ${destino.host}`,
    };
  }
}

/**
 * The live status of what the zone depends on, each checked at once with a short time limit: the database, each
 * scale's indicator, the notification channel's LISTEN/NOTIFY, and each external provider.
 */
export async function estado(ctx: Ctx, base: BaseDatos, config: Config) {
  const servicios: Promise<EstadoServicio>[] = [];
  servicios.push(
    medir(async () => {
      await repo.sondearBase(ctx.db);
      return {
        estado: 'ok',
        mensaje: base.tipo === 'pglite' ? 'Base embebida (PGlite) disponible' : 'PostgreSQL disponible',
      };
    }).then((r) => ({ clave: 'base', tipo: 'base' as const, nombre: 'Base de datos', ...r })),
  );
  servicios.push(
    medir(async () => {
      await repo.sondearNotificaciones(base, LIMITE_SONDA_MS);
      return { estado: 'ok', mensaje: 'Los avisos se publican y se reciben (LISTEN/NOTIFY)' };
    }).then((r) => ({ clave: 'canal', tipo: 'canal' as const, nombre: 'Canal de notificaciones', ...r })),
  );
  const [balanzas, consultas] = await Promise.all([
    listarBalanzas(ctx).catch(() => []),
    consultasExternas(ctx.db, config).catch(() => []),
  ]);
  for (const b of balanzas)
    servicios.push(
      medir(async () => {
        if (!b.activo || b.host === 'ninguno')
          return { estado: 'desactivado', mensaje: 'Sin indicador (deshabilitada)' };
        const p = await probarConfiguracion(b, LIMITE_SONDA_MS);
        const lectura = p.lectura
          ? `: ${p.lectura.peso} kg${p.lectura.estable === false ? ' (en movimiento)' : ''}`
          : '';
        return { estado: p.ok ? 'ok' : 'error', mensaje: `${p.mensaje}${lectura}` };
      }).then((r) => ({ clave: `balanza-${b.codigoTipoBalanza}`, tipo: 'balanza' as const, nombre: b.nombre, ...r })),
    );
  for (const c of consultas)
    servicios.push(
      medir(async () => {
        if (!c.permitidoServidor)
          return { estado: 'desactivado', mensaje: 'Consultas externas apagadas en el servidor (CONSULTAS_EXTERNAS)' };
        if (!c.activo) return { estado: 'desactivado', mensaje: 'Desactivada en Configuración general' };
        const url = URL_PROVEEDOR[c.codigo](config);
        if (url) return sondearHttp(url);
        return {
          estado: 'ok',
          mensaje:
            c.codigo === 'levante'
              ? 'Proveedor local (sin URL configurada)'
              : 'Sin proveedor externo configurado: se usa el registro local',
        };
      }).then((r) => ({ clave: `proveedor-${c.codigo}`, tipo: 'proveedor' as const, nombre: c.nombre, ...r })),
    );
  const todos = await Promise.all(servicios);
  // A company user sees whether each service works, not the operator's hosts and ports.
  const interno = ctx.actor.codigoEmpresaUsuario === EMPRESA_OPERADOR;
  return {
    fecha: iso(ctx.ahora()),
    servicios: interno ? todos : todos.map((x) => ({ ...x, mensaje: RESUMEN_ESTADO[x.estado] })),
  };
}

const RESUMEN_ESTADO: Record<EstadoServicio['estado'], string> = {
  ok: 'Disponible',
  error: 'Con problemas: el operador ya puede verlo en esta página',
  desactivado: 'Desactivado',
};

export async function reportar(ctx: Ctx, f: z.infer<typeof formularioReporteProblema>) {
  return ctx.db.transaction(async (tx) => {
    const r = await repo.insertarReporte(tx, {
      texto: f.texto,
      pagina: f.pagina,
      navegador: f.navegador,
      codigoUsuario: ctx.actor.codigoUsuario,
      nombreUsuario: ctx.actor.nombreUsuario,
      codigoEmpresaUsuario: ctx.actor.codigoEmpresaUsuario,
      fechaRegistro: ctx.ahora(),
    });
    await auditar(tx, ctx, {
      tipo: 'SOPORTE_REPORTE',
      detalle: `Reporte de problema desde ${f.pagina || 'página desconocida'}`,
      entidad: 'reporte_problema',
      codigoEntidad: r.codigoReporteProblema,
      despues: { pagina: f.pagina, navegador: f.navegador, caracteres: f.texto.length },
    });
    return r;
  });
}

/** Roles 1 and 2 read every report; anyone else is refused (403), whatever their permission tree says. */
export async function listarReportes(ctx: Ctx, q: ConsultaPaginada) {
  if (!ROLES_REPORTES_PROBLEMA.includes(ctx.actor.codigoRol)) throw new AppError(403, M.soloAdministradores);
  const { filas, total } = await repo.listarReportes(ctx.db, q);
  return {
    filas: filas.map((f) => ({ ...f, fechaRegistro: iso(f.fechaRegistro) })),
    meta: meta(q, total),
  };
}
