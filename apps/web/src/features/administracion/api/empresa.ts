import { apiPerfilEmpresa, type BodyDe, type FilaProrroga } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { guardarArchivo } from '.';

/** Query keys of the company profile: one factory, so every invalidation names what it refreshes. */
export const clavesEmpresa = {
  todo: ['perfil-empresa'] as const,
  perfil: (codigoEmpresaUsuario: number) => [...clavesEmpresa.todo, 'perfil', codigoEmpresaUsuario] as const,
  empleos: () => [...clavesEmpresa.todo, 'empleo'] as const,
  prorrogas: () => [...clavesEmpresa.todo, 'prorroga'] as const,
};

/** The profile of a company (its three cards' data and the version their saves send back). */
export const usePerfilEmpresa = (codigoEmpresaUsuario: number) =>
  useQuery({
    queryKey: clavesEmpresa.perfil(codigoEmpresaUsuario),
    queryFn: async () =>
      (await llamarRuta(apiPerfilEmpresa.consultar, { query: { CodigoEmpresaUsuario: codigoEmpresaUsuario } })).data,
  });

/** Which card of the profile a save comes from. */
export type TarjetaEmpresa = 'empresa' | 'correos' | 'adicionales';
type DatosTarjeta = {
  empresa: BodyDe<typeof apiPerfilEmpresa.actualizarEmpresa>['data'];
  correos: BodyDe<typeof apiPerfilEmpresa.actualizarCorreos>['data'];
  adicionales: BodyDe<typeof apiPerfilEmpresa.actualizarAdicionales>['data'];
};

/**
 * Saves one card of the profile. On success the profile is read again before this resolves, so the next
 * card saves with the version this save produced; a refusal (409 included) leaves the form as typed.
 */
export function useGuardarTarjetaEmpresa() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: { [K in TarjetaEmpresa]: { tarjeta: K; data: DatosTarjeta[K] } }[TarjetaEmpresa]) => {
      if (v.tarjeta === 'empresa') return llamarRuta(apiPerfilEmpresa.actualizarEmpresa, { body: { data: v.data } });
      if (v.tarjeta === 'correos') return llamarRuta(apiPerfilEmpresa.actualizarCorreos, { body: { data: v.data } });
      return llamarRuta(apiPerfilEmpresa.actualizarAdicionales, { body: { data: v.data } });
    },
    onSuccess: (_r, v) =>
      cliente.invalidateQueries({ queryKey: clavesEmpresa.perfil(Number(v.data.codigoEmpresaUsuario)) }),
  });
}

/** Registers or edits the employment of a month; the employment list refreshes. */
export function useGuardarEmpleo() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: BodyDe<typeof apiPerfilEmpresa.guardarEmpleo>['data']) =>
      llamarRuta(apiPerfilEmpresa.guardarEmpleo, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesEmpresa.empleos() }),
  });
}

/** Disables (estado 1) or enables (0) a month's record. */
export function useCambiarEstadoEmpleo() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: { CodigoEmpresaUsuarioEmpleado: number; estado: number }) =>
      llamarRuta(apiPerfilEmpresa.cambiarEstadoEmpleo, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesEmpresa.empleos() }),
  });
}

/** Registers an extension with its PDF (multipart); the extensions list refreshes. */
export function useRegistrarProrroga() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (datos: FormData) => llamarRuta(apiPerfilEmpresa.registrarProrroga, { body: datos }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesEmpresa.prorrogas() }),
  });
}

/** The authorization PDF of an extension, saved under its uploaded name. */
export async function descargarProrroga(f: Pick<FilaProrroga, 'codigoEmpresaListaBlanca' | 'nombreArchivo'>) {
  const pdf = await llamarRuta(apiPerfilEmpresa.descargarProrroga, {
    query: { CodigoEmpresaListaBlanca: f.codigoEmpresaListaBlanca },
  });
  guardarArchivo(pdf, f.nombreArchivo);
}
