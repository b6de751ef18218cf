/**
 * The audit vocabulary: every kind of row the system log (log_sistema.tipo) can hold, with what it means in
 * Spanish (support and audit screens read it). A service writes only these kinds; a new verb adds its line
 * here, in its module's section (one line each, so parallel work merges cleanly).
 */
export const TIPOS_AUDITORIA = {
  // sesión y cuentas
  INICIO_SESION: 'Inicio de sesión',
  CIERRE_SESION: 'Cierre de sesión',
  CAMBIO_CONTRASENIA: 'Cambio de contraseña',
  LOG_CLIENTE: 'Registro enviado por la aplicación (GuardarLogSys)',

  // usuarios y permisos
  USUARIO_CREAR: 'Usuario creado',
  USUARIO_EDITAR: 'Usuario editado',
  USUARIO_ELIMINAR: 'Usuario eliminado',
  USUARIO_HABILITAR: 'Usuario habilitado',
  USUARIO_DESHABILITAR: 'Usuario deshabilitado',
  USUARIO_PERMISOS: 'Permisos de usuario actualizados',

  // catálogo
  CATALOGO_REGISTRAR: 'Producto registrado',
  CATALOGO_EDITAR: 'Producto editado',
  CATALOGO_ELIMINAR: 'Producto eliminado',
  CATALOGO_HABILITAR: 'Producto habilitado',
  CATALOGO_DESHABILITAR: 'Producto deshabilitado',
  CATALOGO_IMPORTAR: 'Catálogo importado desde Excel',
  CATALOGO_EQUIVALENCIA_REGISTRAR: 'Equivalencia registrada',
  CATALOGO_EQUIVALENCIA_ELIMINAR: 'Equivalencia eliminada',

  // industria (CIP y producción)
  CIP_GUARDAR: 'CIP guardado (versión en borrador)',
  CIP_ENVIAR: 'CIP enviado al operador',
  CIP_REVISAR: 'CIP aprobado u observado',
  PRODUCCION_REGISTRAR: 'Parte de producción registrado (kardex 10, 13 y 19)',

  // inventario físico (conteos)
  CONTEO_ABRIR: 'Conteo de inventario abierto',
  CONTEO_REGISTRAR: 'Conteo de inventario registrado',
  CONTEO_JUSTIFICAR: 'Diferencias de conteo justificadas',
  CONTEO_RESOLVER: 'Conteo de inventario resuelto (ajustes en el kardex)',

  // parámetros
  PARAMETRO_REGISTRAR: 'Parámetro registrado',
  PARAMETRO_EDITAR: 'Parámetro editado',
  PARAMETRO_HABILITAR: 'Parámetro habilitado',
  PARAMETRO_DESHABILITAR: 'Parámetro deshabilitado',
  SECCION_REGISTRAR: 'Sección registrada',
  SECCION_EDITAR: 'Sección editada',

  // empresa
  EMPRESA_CONSULTADA: 'Empresa consultada por RUC',
  EMPRESA_ACTUALIZAR: 'Datos de la empresa actualizados',
  EMPRESA_CORREOS: 'Correos de notificación actualizados',
  EMPRESA_DATOS_ADICIONALES: 'Información adicional de la empresa actualizada',
  EMPLEO_REGISTRAR: 'Empleo mensual registrado',
  EMPLEO_EDITAR: 'Empleo mensual editado',
  EMPLEO_HABILITAR: 'Empleo mensual habilitado',
  EMPLEO_DESHABILITAR: 'Empleo mensual deshabilitado',
  PRORROGA_REGISTRAR: 'Prórroga registrada',

  // trabajadores, personas y transportistas
  TRABAJADOR_REGISTRAR: 'Trabajador registrado',
  TRABAJADOR_EDITAR: 'Trabajador editado',
  TRABAJADOR_HABILITAR: 'Trabajador habilitado',
  TRABAJADOR_DESHABILITAR: 'Trabajador deshabilitado',
  TRABAJADOR_IMPORTAR: 'Trabajadores importados desde Excel',
  PERSONA_CONSULTADA: 'Persona consultada por documento',
  PERSONA_REGISTRADA: 'Persona registrada',
  TRANSPORTISTA_REGISTRO: 'Empresa de transporte registrada',
  TRANSPORTISTA_REGISTRADO: 'Vigencia de transportista registrada',
  TRANSPORTISTA_VIGENCIA_RENOVADA: 'Vigencia de transportista renovada',

  // órdenes (movimientos)
  MOVIMIENTO_REGISTRADO: 'Orden registrada',
  MOVIMIENTO_ACTUALIZADO: 'Orden actualizada',
  MOVIMIENTO_TRANSPORTISTA: 'Datos del conductor y transportista de la orden actualizados',
  MOVIMIENTO_NOTIFICADO: 'Notificación de la orden enviada',
  MOVIMIENTO_DOCUMENTO_ELIMINADO: 'Documento de la orden eliminado',
  MOVIMIENTO_DETALLE_ELIMINADO: 'Producto de la orden eliminado',
  MOVIMIENTO_ARCHIVO_CARGADO: 'Archivo de la orden cargado',
  MOVIMIENTO_ARCHIVO_ELIMINADO: 'Archivo de la orden eliminado',
  MOVIMIENTO_OBSERVADO: 'Orden observada',
  MOVIMIENTO_NO_OBSERVADO: 'Orden revisada sin observaciones',
  MOVIMIENTO_OBSERVACION_LEVANTADA: 'Observación de la orden levantada',

  // aduanas
  DECLARACION_REGISTRADA: 'Declaración aduanera registrada',
  DECLARACION_ACTUALIZADA: 'Declaración aduanera actualizada',
  DECLARACION_VINCULADA: 'Orden vinculada a una declaración',
  DECLARACION_TOLERANCIA: 'Tolerancias del control de declaraciones actualizadas',
  DECLARACION_LEVANTE_CONSULTA: 'Consulta de levante registrada',
  DECLARACION_LEVANTE_MANUAL: 'Levante registrado manualmente',
  MOVIMIENTO_OBSERVADO_CONCILIACION: 'Orden observada automáticamente por el control de declaraciones',
  ACTA_APERTURA_REGISTRADA: 'Acta de apertura de contenedor registrada',
  // finanzas
  TARIFA_GUARDAR: 'Servicio facturable o su precio guardado',
  COMPROBANTE_EMITIR: 'Comprobante electrónico emitido',
  NOTA_CREDITO_EMITIR: 'Nota de crédito emitida',
  FACTURACION_CORRIDA: 'Corrida de facturación automática',
  PAGO_REGISTRAR: 'Pago registrado',
  PAGO_ANULAR: 'Pago anulado',
  TRANSPORTISTA_RENOVACION_FACTURADA: 'Registro anual de transportista renovado y facturado',
  IMPORTADOR_RENOVACION_FACTURADA: 'Registro anual de importador renovado y facturado',
  PARAMETROS_FINANZAS_GUARDAR: 'Parámetros de finanzas guardados',

  // etapas
  ETAPA_1: 'Control de seguridad de ingreso',
  ETAPA_2: 'Pesaje de ingreso',
  ETAPA_3: 'Verificación de ingreso',
  ETAPA_4: 'Pesaje de salida',
  ETAPA_5: 'Verificación de salida',
  ETAPA_6: 'Control de seguridad de salida',
  ETAPA_3_FINALIZADA: 'Verificación de ingreso finalizada',
  ETAPA_5_FINALIZADA: 'Verificación de salida finalizada',
  PESAJE_CAPTURA: 'Peso capturado de la balanza',
  VERIFICACION_IMAGENES: 'Imágenes de verificación cargadas',

  // certificados de manufactura
  CERTIFICADO_REGISTRO: 'Certificado de manufactura solicitado',
  CERTIFICADO_DOCUMENTO: 'Documento de sustento del certificado cargado',
  CERTIFICADO_AUTORIZACION: 'Certificado de manufactura autorizado',
  CERTIFICADO_RECHAZO: 'Certificado de manufactura rechazado',
  CERTIFICADO_HABILITADO: 'Certificado de manufactura habilitado',
  CERTIFICADO_DESHABILITADO: 'Certificado de manufactura deshabilitado',

  // ajustes y soporte
  AJUSTE_BALANZA: 'Configuración de balanza actualizada',
  AJUSTE_LISTA_CONTROL: 'Lista de control actualizada',
  AJUSTE_PLAZO_CONTEO: 'Plazo de justificación de conteos actualizado',
  AJUSTE_DEUDA: 'Días de crédito y de bloqueo por deuda actualizados',
  AJUSTE_CONSULTA_EXTERNA: 'Consulta externa activada o desactivada',
  SOPORTE_REPORTE: 'Reporte de problema enviado',

  // tablero
  TABLERO_UMBRALES: 'Umbrales de alarma de permanencia actualizados',
} as const;

export type TipoAuditoria = keyof typeof TIPOS_AUDITORIA;

/** The audit kind of a stage's control record (control types 1–6 of spec 03 §9). */
export const tipoAuditoriaEtapa = (codigoTipoControl: number, finalizada = false): TipoAuditoria => {
  const tipo = `ETAPA_${codigoTipoControl}${finalizada ? '_FINALIZADA' : ''}`;
  if (!Object.hasOwn(TIPOS_AUDITORIA, tipo)) throw new Error(`Tipo de auditoría desconocido: ${tipo}`);
  return tipo as TipoAuditoria;
};
