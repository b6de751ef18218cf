import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contrato from './index';

/**
 * Every message the specification quotes (single-quoted text in docs/requisitos/spec/*.md), extracted once. Each one
 * must be a message of the contract (a MENSAJES* table or an exported constant), so that server and web show
 * the spec's exact words. Messages with a value ({code}, {name}, X, N, 10MB) are produced by a function.
 */
const MENSAJES_DE_LA_ESPECIFICACION: string[] = [
  'Advertencia, debe completar los procedimientos anteriores',
  'Advertencia, no se encuentran datos registrados',
  'Advertencia, no se encuentran datos registrados, para esta etapa',
  'Advertencia, no tiene acceso a internet',
  'Advertencia, ocurrio otro tipo de error',
  'Archivo agregado correctamente',
  'Archivo cargado de forma temporal',
  'Cambio cargado correctamente',
  'Canceló la accion a realizar',
  'Carga Exitosa',
  'Carga sin exito',
  'Certificado registro con éxito',
  'Confirme su nueva contraseña',
  'Datos actualizados con éxito',
  'Debe Ingresar los 11 caracteres',
  'Debe Ingresar los 8 caracteres',
  'Debe Ingresar nombres y apellidos',
  'Debe aplicar al menos una opcion adicional',
  'Debe ingresar Razón del proveedor',
  'Debe ingresar número de proveedor',
  'Debe ingresar una cantidad de bultos',
  'Debe ingresar una cantidad o descripción del producto',
  'Debe realizar la consulta RENIEC',
  'Debe rellenar campos obligatorios',
  'Debe rellenar o corregir los campos obligatorios',
  'Debe seleccionar Tipo Movimiento o Mercancía',
  'Debe seleccionar al menos un módulo',
  'Debe seleccionar o ingresar un numero de documento',
  'Debe validar N° de Documento',
  'Declaro haber verificado correctamente los datos adjuntos registrados.',
  'Descripción incorrecta',
  'El archivo en formato no admitido',
  'El archivo excede los 1024KB!',
  'El archivo excede los 10MB',
  'El archivo excede los 25MB!',
  'El archivo excede los 8MB',
  'El recurso solicitado no existe.',
  'Eliminar',
  'Equivalencia eliminada correctamente.',
  'Erro!, ocurrio un error en la actualizacion.',
  'Error al obtener {code}.',
  'Error en la busqueda, intente nuevamente',
  'Error en la creación del usuario',
  'Error! El archivo excede los 8MB!',
  'Error! al menos un documento registrado, debe contener productos relacionados',
  'Error!, ocurrio un error en la notificación.',
  'Error, Activar consultas externas SUNAT',
  'Error, Archivo {name}, supera el máximo permitido - 7MB',
  'Error, Debe ingresar una cantidad mínima a 1 y max a. N',
  'Error, Debe seleccionar un producto',
  'Error, debe ingresar un código o nro de documento',
  'Error, debe seleccionar al menos una verificación',
  'Error, debe seleccionar un balanza',
  'Error, el peso debe ser mayor a 0 Kg',
  'Error, el peso debe ser mayor a 80 Kg',
  'Error, existen errores en algunas rutas',
  'Error, la cantidad no debe ser superior a X',
  'Error, producto ya agregado en la lista.',
  'Error, sesion ha expirado o es inválida',
  'Esta equivalencia ya existe.',
  'Este es un campo requerido',
  'Este usuario no tiene permisos',
  'Existen errores en el formulario',
  'Filtro no contiene resultados',
  'Formato correcto es Ej: ABC-123',
  'Hubo un error en tu consulta, estamos reintentado la conexion.',
  'Ingrese información necesaria',
  'Ingrese su nueva contraseña',
  'La diferencia entre las fechas debe ser menor o igual a 365 días.',
  'Las contraseñas deben ser iguales',
  'No es el formato correcto!',
  'No puede continuar con la operación contactar al operador de turno para mayor información',
  'No se ejecutó la acción',
  'No se pudo ejecutar la acción 2',
  'No se pudo generar la operación solicitada',
  'No se pudo obtener el estado del movimiento. Intente nuevamente más tarde.',
  'No se registraron Observaciones',
  'No tienes permisos para acceder a esta sección.',
  'Ocurrio otro tipo de error',
  'Ocurrió un error al intentar',
  'Ocurrió un error al intentar eliminar',
  'Ocurrió un error al registrar, intente otra vez',
  'Ocurrió un error durante la carga',
  'Ocurrió un error en la búsqueda',
  'Ocurrió un error inesperado. Inténtalo más tarde.',
  'Parámetro registro con éxito',
  'RUC no encontrado o inválido',
  'Registro Exitoso',
  'Se ha generado la notificacion de forma exitosa.',
  'Se ha reintetado en la carga de las siguientes imagenes, pero ha fallado.',
  'Sección registrada con éxito',
  'Sesión expirada. Por favor, inicia sesión nuevamente.',
  'Soy responsable de haber cumplido con la verificación de esta mercancía.',
  'Su sesión ha expirado. Por favor, inicie sesión nuevamente.',
  'Transacción Ejecutada con éxito',
  'Transportista dispone de un contrato vigente',
  'Transportista sin contrato vigente',
  'Upss, ocurrio un error en el registro.| Error: 204',
  'Upss, otro tipo de error',
  'Usuario creado con éxito',
  'Usuario editado con éxito',
  'Usuario no registrado',
  'Usuario registro con éxito',
  'Verificación Exitosa',
  'Vista preliminar del archivo digital',
  'haga un registro manual',
];

/** Quoted text of the spec that is not a message: labels, titles, examples, literal values (and why). */
const NO_SON_MENSAJES: Record<string, string> = {
  '0001-123456': 'example of a document number',
  '100': 'a status code of the carrier lookup',
  A12345678: 'example of a code',
  'ABC-1234': 'example of a plate',
  'ABCD123456-7': 'example of a number',
  DZ: 'a unit code',
  false: 'a literal value',
  true: 'a literal value',
  'new': 'the badge of Soporte',
  'notifications-cronos': 'a channel name',
  'Actual/Nueva': 'a column label',
  Actualizar: 'a button',
  'Aplica a generar un valor agregado': 'a checkbox label',
  'Aplica a la nueva individualidad': 'a checkbox label',
  'Aprobación - Certificado Manufactura': 'a dialog title',
  'Buscar RUC transportista': 'a placeholder',
  Cancelar: 'a button',
  'Carga detalle del movimiento': 'a card title',
  'Codigo Movimiento': 'a column label',
  'DUA/DAM IMPORTACIÓN': 'a document type name',
  Detalle: 'a button',
  'Detalle - registro de certificado': 'a dialog title',
  'Evidencia fotográfica': 'a drawer title',
  'Modificar Operación': 'a screen title',
  'Registrar vigencia Transpotista': 'a dialog title',
  'Registro Empresa': 'a dialog title',
  'Registro Usuario': 'a dialog title',
  'Registro de Generar Ordenes': 'a screen title',
  'SIN NUMERO': 'a placeholder value',
  'Total a retirar: X, registrados: Y': 'a counter of the kardex dialog',
  'Error, ': 'the prefix of a server message',
};

const MARCA = '\u0001';
const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The contract's texts: every string of its exports (MENSAJES* tables, constants) and the shape of each message function. */
function textosDelContrato() {
  const textos = new Set<string>();
  const patrones: RegExp[] = [];
  const recorrer = (v: unknown, nivel: number) => {
    if (typeof v === 'string') textos.add(v);
    else if (typeof v === 'function' && nivel > 0) {
      try {
        const r = (v as (...a: unknown[]) => unknown)(MARCA, MARCA, MARCA);
        if (typeof r === 'string' && r.includes(MARCA))
          patrones.push(new RegExp(`^${escapar(r).split(MARCA).join('.+')}$`));
        else if (typeof r === 'string') textos.add(r);
      } catch {
        // Not a message function.
      }
    } else if (v && typeof v === 'object' && nivel < 3) for (const x of Object.values(v)) recorrer(x, nivel + 1);
  };
  for (const [nombre, valor] of Object.entries(contrato))
    if (nombre.startsWith('MENSAJES') || typeof valor === 'string')
      recorrer(valor, nombre.startsWith('MENSAJES') ? 0 : 1);
  return { textos, patrones };
}

/** The specification, kept in the repository (docs/requisitos/README.md). */
const carpetaSpec = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/requisitos/spec');

describe('spec messages in the contract', () => {
  it('every message the spec quotes is a message of the contract', () => {
    const { textos, patrones } = textosDelContrato();
    const faltan = MENSAJES_DE_LA_ESPECIFICACION.filter((m) => !textos.has(m) && !patrones.some((p) => p.test(m)));
    expect(faltan).toEqual([]);
  });

  it('the four helper and upload messages of spec 01 §8 and §5 are there', () => {
    expect(contrato.MENSAJES.accionCancelada).toBe('Canceló la accion a realizar');
    expect(contrato.MENSAJES.accionNoEjecutada).toBe('No se ejecutó la acción');
    expect(contrato.MENSAJES.operacionNoGenerada).toBe('No se pudo generar la operación solicitada');
    expect(contrato.MENSAJES_ETAPAS.archivoExcede(10)).toBe('El archivo excede los 10MB');
  });

  it('the list above is the spec: every quoted text is listed as a message or as not one', () => {
    const citas = new Set<string>();
    for (const f of readdirSync(carpetaSpec).filter((n) => n.endsWith('.md')))
      for (const m of readFileSync(resolve(carpetaSpec, f), 'utf8').matchAll(
        /(?<![A-Za-z0-9])'([^'\n]{2,}?)'(?![A-Za-z0-9])/g,
      ))
        citas.add(m[1] as string);
    expect(citas.size).toBeGreaterThan(MENSAJES_DE_LA_ESPECIFICACION.length);
    const sinClasificar = [...citas].filter(
      (c) => !MENSAJES_DE_LA_ESPECIFICACION.includes(c) && !(c in NO_SON_MENSAJES),
    );
    expect(sinClasificar).toEqual([]);
  });
});
