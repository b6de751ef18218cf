import { z } from 'zod';
import { consultaPaginada } from '../comun';
import { instante, ruta, sobre, sobrePaginado } from './definicion';

/** The support page: contact, manuals, version, live status of each dependency, problem reports. */
export const MENSAJES_SOPORTE = {
  textoInvalido: 'Describa el problema (de 10 a 4000 caracteres)',
  reporteEnviado: 'Reporte enviado: el equipo de soporte del operador lo revisará',
  soloAdministradores: 'Solo los administradores ven los reportes de problemas',
} as const;

/** Roles that read the problem reports (the operator's administrators). */
export const ROLES_REPORTES_PROBLEMA: readonly number[] = [1, 2];

export const informacionSoporte = z.object({
  contacto: z.object({ correo: z.string(), telefono: z.string(), horario: z.string() }),
  manuales: z.array(z.object({ titulo: z.string(), url: z.string() })),
  version: z.string(),
  compilacion: z.string(),
  baseDatos: z.enum(['pglite', 'postgres']),
});
export type InformacionSoporte = z.infer<typeof informacionSoporte>;

export const ESTADOS_SERVICIO = ['ok', 'error', 'desactivado'] as const;
export const estadoServicio = z.object({
  clave: z.string(),
  tipo: z.enum(['base', 'balanza', 'canal', 'proveedor']),
  nombre: z.string(),
  estado: z.enum(ESTADOS_SERVICIO),
  mensaje: z.string(),
  /** How long the check took (its latency), milliseconds. */
  milisegundos: z.number().int(),
});
export type EstadoServicio = z.infer<typeof estadoServicio>;

export const formularioReporteProblema = z.object({
  texto: z
    .string({ error: MENSAJES_SOPORTE.textoInvalido })
    .trim()
    .min(10, { error: MENSAJES_SOPORTE.textoInvalido })
    .max(4000, { error: MENSAJES_SOPORTE.textoInvalido }),
  /** Attached by the page: where the user was and with what browser. */
  pagina: z.string().trim().max(500).default(''),
  navegador: z.string().trim().max(500).default(''),
});

export const filaReporteProblema = z.object({
  codigoReporteProblema: z.number().int(),
  texto: z.string(),
  pagina: z.string(),
  navegador: z.string(),
  nombreUsuario: z.string(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string().nullable(),
  fechaRegistro: instante(),
});
export type FilaReporteProblema = z.infer<typeof filaReporteProblema>;

export const apiSoporte = {
  informacion: ruta({
    metodo: 'GET',
    ruta: '/Soporte/Informacion',
    resumen: 'Contacto, manuales, versión y compilación del sistema',
    respuesta: sobre(informacionSoporte),
  }),
  estado: ruta({
    metodo: 'GET',
    ruta: '/Soporte/Estado',
    resumen: 'Estado en vivo de la base de datos, cada balanza, el canal de notificaciones y cada proveedor externo',
    respuesta: sobre(z.object({ fecha: instante(), servicios: z.array(estadoServicio) })),
  }),
  reportar: ruta({
    metodo: 'POST',
    ruta: '/Soporte/ReportarProblema',
    resumen: 'Envía un reporte de problema (con la página y el navegador) al operador',
    body: z.object({ data: formularioReporteProblema }),
    respuesta: sobre(z.object({ codigoReporteProblema: z.number().int() })),
  }),
  listarReportes: ruta({
    metodo: 'GET',
    ruta: '/Soporte/ListarReportes',
    resumen: 'Reportes de problemas recibidos (roles 1 y 2), los más recientes primero',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaReporteProblema),
  }),
};
