import { z } from 'zod';
import { ruta, sobre } from './definicion';

/** A company of the company selectors (spec 01 §3 Company of user; spec 03 §3.11 user company). */
export const empresaLista = z.object({
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  ruc: z.string(),
  /** The company's main warehouse; null when it has none. */
  codigoEmpresaAlmacen: z.number().int().nullable(),
  indicadorRegistroEspecialExcel: z.boolean(),
  indicadorAlmacenActivo: z.boolean(),
});
export type EmpresaLista = z.infer<typeof empresaLista>;

/** The user companies a session may choose from. */
export const apiEmpresa = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/EmpresaUsuario/ConsultarListaEmpresaUsuario',
    resumen: 'Empresas usuarias para los selectores (el personal del operador ve todas; los demás, la suya)',
    respuesta: sobre(z.array(empresaLista)),
  }),
};
