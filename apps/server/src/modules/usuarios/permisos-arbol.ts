import { MENSAJES_USUARIOS, type NodoPermiso, type NodoPermisoEntrada, type Permisos } from '@cronos/contract';
import type { permiso } from '../../db/schema';
import type { Actor } from '../../platform/contexto';
import { AppError, errorCampos } from '../../platform/errores';

type Nodo = typeof permiso.$inferSelect;
const BANDERAS = ['permiteListar', 'permiteAgregar', 'permiteEditar', 'permiteEliminar'] as const;
const NINGUNO: Permisos = { permiteListar: false, permiteAgregar: false, permiteEditar: false, permiteEliminar: false };

/** The full menu tree with one set of flags (a role's defaults or a user's own), as the Permisos tab shows it. */
export function construirArbol(nodos: Nodo[], flags: Map<number, Permisos>): NodoPermiso[] {
  const nodo = (n: Nodo): NodoPermiso => {
    const detalle = nodos.filter((h) => h.codigoPadre === n.codigoPermiso).map(nodo);
    const p = flags.get(n.codigoPermiso) ?? NINGUNO;
    return {
      codigoPermisoRol: n.codigoPermiso,
      header: n.link,
      urlLink: n.urlLink ?? '',
      iconoLink: n.iconoLink,
      permiteListar: p.permiteListar,
      permiteAgregar: p.permiteAgregar,
      permiteEditar: p.permiteEditar,
      permiteEliminar: p.permiteEliminar,
      habilitado: detalle.length > 0 ? detalle.some((d) => d.habilitado) : p.permiteListar,
      detalle,
    };
  };
  return nodos.filter((n) => n.codigoPadre === null).map(nodo);
}

/**
 * The flags a submitted tree asks for, per screen node. A screen that is not listed (not ticked) gets no
 * other action either; group nodes carry nothing (the menu shows a group when one of its screens is listed).
 */
export function aplanar(nodos: Nodo[], detalle: NodoPermisoEntrada[]): Map<number, Permisos> {
  const pantallas = new Set(nodos.filter((n) => n.urlLink !== null).map((n) => n.codigoPermiso));
  const conocidos = new Set(nodos.map((n) => n.codigoPermiso));
  const resultado = new Map<number, Permisos>();
  const recorrer = (lista: NodoPermisoEntrada[]) => {
    for (const n of lista) {
      if (!conocidos.has(n.codigoPermisoRol)) throw errorCampos({ detalle: ['Módulo desconocido'] });
      if (pantallas.has(n.codigoPermisoRol)) {
        const listar = n.permiteListar || n.habilitado === true;
        resultado.set(n.codigoPermisoRol, {
          permiteListar: listar,
          permiteAgregar: listar && n.permiteAgregar,
          permiteEditar: listar && n.permiteEditar,
          permiteEliminar: listar && n.permiteEliminar,
        });
      }
      recorrer(n.detalle ?? []);
    }
  };
  recorrer(detalle);
  return resultado;
}

export const algunoMarcado = (flags: Map<number, Permisos>) => [...flags.values()].some((p) => p.permiteListar);

/**
 * Nobody but a level-1 user grants a flag it does not hold itself: a flag that the target gains must be
 * one the actor has on that screen. Flags the target already had may stay; revoking is always allowed.
 */
export function exigirPuedeOtorgar(
  actor: Actor,
  nodos: Nodo[],
  antes: Map<number, Permisos>,
  despues: Map<number, Permisos>,
) {
  if (actor.nivelUsuario === 1) return;
  const moduloDe = new Map(nodos.map((n) => [n.codigoPermiso, n.modulo]));
  for (const [codigo, p] of despues) {
    const propio = actor.permisos.get(moduloDe.get(codigo) ?? '') ?? NINGUNO;
    const previo = antes.get(codigo) ?? NINGUNO;
    for (const b of BANDERAS) {
      if (p[b] && !previo[b] && !propio[b]) throw new AppError(403, MENSAJES_USUARIOS.noOtorgar);
    }
  }
}

/** What an actor may hand out of a role's defaults (a level-2 admin: only what it holds itself). */
export function recortarA(actor: Actor, nodos: Nodo[], flags: Map<number, Permisos>) {
  if (actor.nivelUsuario === 1) return flags;
  const moduloDe = new Map(nodos.map((n) => [n.codigoPermiso, n.modulo]));
  const resultado = new Map<number, Permisos>();
  for (const [codigo, p] of flags) {
    const propio = actor.permisos.get(moduloDe.get(codigo) ?? '') ?? NINGUNO;
    const r = {
      permiteListar: p.permiteListar && propio.permiteListar,
      permiteAgregar: p.permiteAgregar && propio.permiteAgregar,
      permiteEditar: p.permiteEditar && propio.permiteEditar,
      permiteEliminar: p.permiteEliminar && propio.permiteEliminar,
    };
    if (r.permiteListar) resultado.set(codigo, r);
  }
  return resultado;
}
