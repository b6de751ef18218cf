import { z } from 'zod';
import { consultaPaginada, ordenarPor } from '../comun';
import { ruta, sobrePaginado } from './definicion';

/** An importer / provider of a user company. */
export const filaImportador = z.object({
  codigoImportador: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
});

/** What the importers list sorts by: RUC and name (its own order). */
export const ORDEN_IMPORTADORES = ['ruc', 'razonSocial'] as const;
export const consultaImportadores = consultaPaginada.extend(ordenarPor(ORDEN_IMPORTADORES));
export type ConsultaImportadores = z.infer<typeof consultaImportadores>;

/** The importers of the user companies. */
export const apiImportador = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Importador/ListarImportador',
    resumen:
      'Importadores de la empresa (paginada; búsqueda por ruc, razonSocial o I.RUC; se ordena por ruc o razonSocial)',
    query: consultaImportadores,
    respuesta: sobrePaginado(filaImportador),
  }),
};
