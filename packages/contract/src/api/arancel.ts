import { z } from 'zod';
import { consultaPaginada, ordenarPor } from '../comun';
import { ruta, sobre, sobrePaginado } from './definicion';

/** A tariff heading of the list (spec 02 §3 Tariff row). */
export const filaArancel = z.object({
  codigoArancel: z.number().int(),
  numeroPartida: z.string(),
  descripcion: z.string(),
  actividadPermitida: z.boolean(),
  state_type_id: z.number().int(),
});
export type FilaArancel = z.infer<typeof filaArancel>;

/** A heading found by number (spec 01 §3 Tariff result). */
export const partidaArancel = z.object({
  numeroPartida: z.string(),
  codigoArancel: z.number().int(),
  descripcion: z.string(),
  actividadPermitida: z.boolean(),
});
export type PartidaArancel = z.infer<typeof partidaArancel>;

/** The tariff headings list: searched and sorted by heading number or description. */
export const consultaArancel = consultaPaginada.extend(ordenarPor(['numeroPartida', 'descripcion']));
export type ConsultaArancel = z.infer<typeof consultaArancel>;

/** Tariff headings: the paged list of settings/catalogs and the heading lookup of the product dialog. */
export const apiAranceles = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Arancel/ListarDatos',
    resumen: 'Partidas arancelarias (paginadas; columnas numeroPartida, descripcion; se ordena por las mismas)',
    query: consultaArancel,
    respuesta: sobrePaginado(filaArancel),
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Arancel/ConsultarArancel',
    resumen: 'Partidas que empiezan por un número (hasta 20)',
    query: z.object({
      NumeroPartida: z
        .string()
        .trim()
        .regex(/^[\d.]{1,13}$/, { error: 'Número de partida inválido' }),
    }),
    respuesta: sobre(z.array(partidaArancel)),
  }),
};
