import {
  DIAS_SEMANA,
  type ErrorImportacion,
  LIMITE_TRABAJADORES,
  MENSAJES_ADMINISTRACION,
  MENSAJES_CATALOGO,
  PARAMETRO,
  ROLES_MULTIEMPRESA_FINANZAS,
  trabajadorFormulario,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { prohibido } from '../../platform/errores';
import { empresaParaEscribir } from '../../platform/tenencia';
import { codigosParametro } from '../catalogo/catalogo.repository';
import { esViolacionUnica } from '../catalogo/catalogo.service';
import { construirPlantilla, leerFilas, verificarXlsx } from '../catalogo/hoja-calculo';
import { type ColumnaCarga, errorDeImportacion, textoDe, validarFilas } from '../catalogo/importacion';
import { documentosRegistrados, insertarVarios } from './trabajador.repository';
import { MODULO_TRABAJADORES, personasPorDni, valoresTrabajador } from './trabajador.service';

const HOJA = 'Trabajadores';
const SI_NO = ['SI', 'NO'];
const NOMBRES_DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

type Columna = ColumnaCarga & { ancho: number; ejemplo: string | number; lista?: string[] };

async function columnas(ctx: Ctx): Promise<Columna[]> {
  const [condiciones, documentos, generos, nacionalidades] = await Promise.all(
    [PARAMETRO.condicionLaboral, PARAMETRO.tipoDocumentoIdentidad, PARAMETRO.genero, PARAMETRO.nacionalidad].map((g) =>
      codigosParametro(ctx.db, g),
    ),
  );
  const tiposDocumento = (documentos ?? []).filter((d) => d.codigo !== '3');
  const lista = (vals: { codigo: string; nombre: string }[] = []) => ({
    codigos: vals.map((v) => v.codigo),
    lista: vals.map((v) => `${v.codigo} - ${v.nombre}`),
  });
  const mayus = (v: Parameters<typeof textoDe>[0]) => textoDe(v)?.toUpperCase();
  return [
    {
      clave: 'condicionLaboral',
      titulo: 'Condición laboral',
      ancho: 22,
      ejemplo: '1 - Planilla',
      ...lista(condiciones),
    },
    {
      clave: 'codeTipoDocumentoPeaton',
      titulo: 'Tipo de documento',
      ancho: 22,
      ejemplo: '1 - DNI',
      ...lista(tiposDocumento),
    },
    { clave: 'numeroDocumentoIdentidad', titulo: 'Número de documento', ancho: 18, ejemplo: '45678912' },
    { clave: 'apellidoPaterno', titulo: 'Apellido paterno', ancho: 18, ejemplo: 'QUISPE', convertir: mayus },
    { clave: 'apellidoMaterno', titulo: 'Apellido materno', ancho: 18, ejemplo: 'MAMANI', convertir: mayus },
    { clave: 'nombre', titulo: 'Nombres', ancho: 20, ejemplo: 'JUAN CARLOS', convertir: mayus },
    { clave: 'genero', titulo: 'Género', ancho: 16, ejemplo: 'M - Masculino', ...lista(generos) },
    { clave: 'nacionalidad', titulo: 'Nacionalidad', ancho: 18, ejemplo: 'PE - Peruana', ...lista(nacionalidades) },
    { clave: 'codigoCargo', titulo: 'Cargo', ancho: 22, ejemplo: 'Operario de almacén' },
    { clave: 'codigoControl', titulo: 'Número de tarjeta', ancho: 18, ejemplo: 'T-000123' },
    { clave: 'fechaInicioContrato', titulo: 'Fecha inicio contrato', ancho: 20, ejemplo: '2026-01-15' },
    { clave: 'fechaVencimientoContrato', titulo: 'Fecha cese', ancho: 14, ejemplo: '' },
    { clave: 'placa', titulo: 'Placa', ancho: 10, ejemplo: '' },
    { clave: 'fechaInicioSoat', titulo: 'Inicio SOAT', ancho: 14, ejemplo: '' },
    { clave: 'fechaFinSoat', titulo: 'Fin SOAT', ancho: 14, ejemplo: '' },
    ...DIAS_SEMANA.map((d, i) => ({
      clave: d,
      titulo: NOMBRES_DIAS[i] ?? d,
      ancho: 10,
      ejemplo: i < 5 ? 'SI' : 'NO',
      lista: SI_NO,
      convertir: (v: Parameters<typeof textoDe>[0]) => (textoDe(v)?.toUpperCase() === 'SI' ? 1 : 0),
    })),
  ];
}

export async function plantillaTrabajadores(ctx: Ctx) {
  return construirPlantilla(HOJA, await columnas(ctx), LIMITE_TRABAJADORES);
}

/** The worker bulk upload (RegistrarCatalogoMasivo with TipoCarga=trabajadores): all rows or none. */
export async function importarTrabajadores(ctx: Ctx, codigoEmpresaUsuario: number | undefined, archivo: Buffer) {
  if (!permite(ctx.actor, MODULO_TRABAJADORES, 'agregar')) throw prohibido();
  const empresa = empresaParaEscribir(ctx.actor, codigoEmpresaUsuario, ROLES_MULTIEMPRESA_FINANZAS);
  verificarXlsx(archivo);
  const cols = await columnas(ctx);
  const filas = await leerFilas(archivo, HOJA, cols, LIMITE_TRABAJADORES);
  // Names of a DNI found in the registry are the registry's: fill them before validating.
  const dnis = filas
    .filter((f) => textoDe(f.valores.codeTipoDocumentoPeaton ?? null)?.startsWith('1'))
    .map((f) => textoDe(f.valores.numeroDocumentoIdentidad ?? null) ?? '');
  const registro = await personasPorDni(ctx.db, dnis);
  for (const f of filas) {
    const p = registro.get(textoDe(f.valores.numeroDocumentoIdentidad ?? null) ?? '');
    if (p && textoDe(f.valores.codeTipoDocumentoPeaton ?? null)?.startsWith('1')) {
      f.valores.apellidoPaterno = p.apellidoPaterno;
      f.valores.apellidoMaterno = p.apellidoMaterno;
      f.valores.nombre = p.nombres;
    }
  }
  const { validas, errores } = validarFilas(filas, cols, trabajadorFormulario);
  const clave = (d: { codeTipoDocumentoPeaton: string; numeroDocumentoIdentidad: string }) =>
    `${d.codeTipoDocumentoPeaton}|${d.numeroDocumentoIdentidad}`;
  const existentes = await documentosRegistrados(ctx.db, empresa, [
    ...new Set(validas.map((v) => v.datos.numeroDocumentoIdentidad)),
  ]);
  const vistos = new Map<string, number>();
  const extra: ErrorImportacion[] = [];
  for (const { fila, datos } of validas) {
    const k = clave(datos);
    if (existentes.has(k))
      extra.push({ fila, columna: 'Número de documento', mensaje: MENSAJES_ADMINISTRACION.documentoRegistrado });
    const previa = vistos.get(k);
    if (previa !== undefined)
      extra.push({ fila, columna: 'Número de documento', mensaje: `Se repite en el archivo (fila ${previa})` });
    else vistos.set(k, fila);
  }
  const todos = [...errores, ...extra];
  if (todos.length) throw errorDeImportacion(todos, MENSAJES_CATALOGO.archivoConErrores);

  const fecha = ctx.ahora();
  try {
    await ctx.db.transaction(async (tx) => {
      const valores = validas.map(({ datos }) => ({
        ...valoresTrabajador(datos, registro.get(datos.numeroDocumentoIdentidad)),
        codigoEmpresaUsuario: empresa,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: fecha,
      }));
      await insertarVarios(tx, valores);
      await auditar(tx, ctx, {
        tipo: 'TRABAJADOR_IMPORTAR',
        detalle: `Importación de ${valores.length} trabajadores desde Excel`,
        entidad: 'control_colaborador_empresa',
        codigoEmpresaUsuario: empresa,
      });
    });
  } catch (e) {
    if (esViolacionUnica(e)) {
      throw errorDeImportacion(
        [{ fila: 0, columna: 'Número de documento', mensaje: MENSAJES_ADMINISTRACION.documentoRegistrado }],
        MENSAJES_CATALOGO.archivoConErrores,
      );
    }
    throw e;
  }
  return { registros: validas.length, mensaje: MENSAJES_CATALOGO.importacionExitosa(validas.length) };
}
