import { apiActas, type FilaActa, type ResultadoVerificacionActa } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';

export type { FilaActa, ResultadoVerificacionActa };

export const clavesActas = {
  todo: ['actas'] as const,
  lista: () => claveLista(apiActas.listar),
  verificacion: (numero: string, codigo: string) => [...clavesActas.todo, 'verificacion', numero, codigo] as const,
};

/** Registers an act (multipart with its photos); 422 and 404 are shown by the dialog. */
export function useGuardarActa() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: async (datos: FormData) => llamarRuta(apiActas.guardar, { body: datos, manejar: [404, 413, 415, 422] }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesActas.lista() }),
  });
}

/** Opens the printed act in a new tab (the PDF is served behind the session). */
export async function abrirPdfActa(codigo: number) {
  const ventana = window.open('', '_blank');
  try {
    const blob = await llamarRuta(apiActas.descargarPdf, { query: { CodigoActaApertura: codigo } });
    const url = URL.createObjectURL(blob);
    if (ventana) ventana.location.href = url;
    else window.location.href = url;
  } catch (e) {
    ventana?.close();
    if (!(e instanceof ErrorApi)) throw e;
  }
}

export async function urlFotoActa(codigo: number) {
  return URL.createObjectURL(await llamarRuta(apiActas.foto, { query: { CodigoActaAperturaFoto: codigo } }));
}

export function useVerificacionActa(numero: string, codigo: string) {
  return useQuery({
    queryKey: clavesActas.verificacion(numero, codigo),
    enabled: numero.length > 0 && codigo.length > 0,
    retry: false,
    queryFn: async () =>
      (
        await llamarRuta(apiActas.verificar, {
          query: { NumeroActa: numero, CodigoVerificacion: codigo },
          silencioso: true,
        })
      ).data,
  });
}
