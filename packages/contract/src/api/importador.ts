import { z } from 'zod';
import { consultaPaginada } from '../comun';
import { ruta, sobrePaginado } from './definicion';

/** An importer / provider of a user company. */
export const filaImportador = z.object({
  codigoImportador: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
});

/** The importers of the user companies. */
export const apiImportador = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Importador/ListarImportador',
    resumen: 'Importadores de la empresa (paginada; búsqueda por ruc, razonSocial o I.RUC)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaImportador),
  }),
};
