import { apiSesion, apiUsuarios, type BodyDe } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of the users screens: one factory, so every invalidation names what it refreshes. */
export const clavesUsuarios = {
  todo: ['usuarios'] as const,
  listas: () => [...clavesUsuarios.todo, 'lista'] as const,
  arboles: () => [...clavesUsuarios.todo, 'arbol'] as const,
  arbolDeUsuario: (codigoUsuario: number) => [...clavesUsuarios.arboles(), 'usuario', codigoUsuario] as const,
  arbolDeRol: (codigoRol: number) => [...clavesUsuarios.arboles(), 'rol', codigoRol] as const,
};

/** The Permisos tab: the user's own tree when editing, the role's default tree when creating. */
export function useArbolPermisos(p: { codigoUsuario?: number; codigoRol: number; habilitado: boolean }) {
  return useQuery({
    queryKey: p.codigoUsuario ? clavesUsuarios.arbolDeUsuario(p.codigoUsuario) : clavesUsuarios.arbolDeRol(p.codigoRol),
    enabled: p.habilitado,
    queryFn: async () =>
      p.codigoUsuario
        ? (await llamarRuta(apiUsuarios.arbolDeUsuario, { query: { CodigoUsuario: p.codigoUsuario } })).data
        : (await llamarRuta(apiUsuarios.arbolDeRol, { query: { CodigoRol: p.codigoRol } })).data,
  });
}

/** Creates a user or edits its data (POST /Account/Crear); the lists refresh. */
export function useGuardarUsuario() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyDe<typeof apiUsuarios.guardar>) => llamarRuta(apiUsuarios.guardar, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesUsuarios.listas() }),
  });
}

/** Replaces a user's permission tree; that user's tree and the lists refresh. */
export function useGuardarPermisos() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyDe<typeof apiUsuarios.guardarPermisos>) => llamarRuta(apiUsuarios.guardarPermisos, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesUsuarios.todo }),
  });
}

/** Disables (estado 1) or enables (0) a user. */
export function useCambiarEstadoUsuario() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigoUsuario: number; estado: number }) => llamarRuta(apiUsuarios.cambiarEstado, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesUsuarios.listas() }),
  });
}

/** Deletes a user from the lists. */
export function useEliminarUsuario() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoUsuario: number) => llamarRuta(apiUsuarios.eliminar, { body: { codigoUsuario } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesUsuarios.listas() }),
  });
}

/** Another user's password set by an administrator (or one's own, with the current one). Nothing listed changes. */
export function useRestablecerContrasenia() {
  return useMutation({
    mutationFn: (body: BodyDe<typeof apiSesion.cambiarContrasenia>) =>
      llamarRuta(apiSesion.cambiarContrasenia, { body }),
  });
}
