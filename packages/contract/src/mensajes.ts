/** Spanish messages reproduced exactly from the specification. One place, used by server and web. */
export const MENSAJES = {
  requerido: 'Este es un campo requerido',
  sesionExpiradaInactividad: 'Su sesión ha expirado. Por favor, inicie sesión nuevamente.',
  sesionExpiradaGlobal: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
  sesionInvalida: 'Error, sesion ha expirado o es inválida',
  errorRutas: 'Error, existen errores en algunas rutas',
  sinPermisos: 'No tienes permisos para acceder a esta sección.',
  noExiste: 'El recurso solicitado no existe.',
  errorBusqueda: 'Ocurrió un error en la búsqueda',
  errorConsultaGlobal: 'Hubo un error en tu consulta, estamos reintentado la conexion.',
  errorInesperado: 'Ocurrió un error inesperado. Inténtalo más tarde.',
  erroresFormulario: 'Existen errores en el formulario',
  otroTipoError: 'Ocurrio otro tipo de error',
  nuevaContraseniaRequerida: 'Ingrese su nueva contraseña',
  confirmeContrasenia: 'Confirme su nueva contraseña',
  contraseniasIguales: 'Las contraseñas deben ser iguales',
  errorMenu: 'Upss, otro tipo de error',
  errorParametro: (codigo: number | string) => `Error al obtener ${codigo}.`,
  eliminarTitulo: 'Eliminar',
  eliminarError: 'Ocurrió un error al intentar eliminar',
  eliminarCancelado: 'No se pudo ejecutar la acción 2',
  // Other helper messages of spec 01 §8: a confirmed action the user cancels, that the server did not carry
  // out, that failed on the way, and a file or document that could not be produced.
  accionCancelada: 'Canceló la accion a realizar',
  accionNoEjecutada: 'No se ejecutó la acción',
  accionError: 'Ocurrió un error al intentar',
  operacionNoGenerada: 'No se pudo generar la operación solicitada',
  // Messages of our own (not in the spec), kept in the same tone.
  credencialesInvalidas: 'Usuario o contraseña incorrectos.',
  usuarioDeshabilitado: 'El usuario se encuentra deshabilitado. Contacte al administrador.',
  cuentaBloqueada: (minutos: number) =>
    `Demasiados intentos fallidos. Intente nuevamente en ${minutos} minuto${minutos === 1 ? '' : 's'}.`,
  columnaNoPermitida: 'La columna de búsqueda no está permitida.',
  ordenNoPermitido: 'La lista no se puede ordenar por esa columna.',
  contraseniaActualizada: 'Contraseña actualizada con éxito',
  contraseniaDebil: 'La contraseña debe tener al menos 8 caracteres, con letras y números.',
  operacionExitosa: 'Transacción Ejecutada con éxito',
  conflicto: 'El registro fue modificado por otro usuario. Recargue e intente nuevamente.',
  caracteresNoPermitidos: 'El texto contiene caracteres de control no permitidos.',
  contraseniaActualRequerida: 'Ingrese su contraseña actual',
  contraseniaActualIncorrecta: 'La contraseña actual no es correcta.',
  baseDatosNoDisponible:
    'El servicio no está disponible en este momento (sin conexión con la base de datos). Intente nuevamente en unos segundos.',
} as const;

/** A file download under way (reports, customs register, kardex): its progress and its cancellation. */
export const MENSAJES_DESCARGA = {
  cancelada: 'Descarga cancelada: no se guardó ningún archivo.',
  preparando: 'Preparando el archivo…',
  recibiendo: (recibido: string, tiempo: string) => `Descargando: ${recibido} recibidos (${tiempo})`,
  cancelar: 'Cancelar descarga',
} as const;
