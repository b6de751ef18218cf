import { PERMISOS_POR_ROL } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDatos } from '../src/db/client';
import { crearEntorno, type Entorno } from './entorno';
import { crearLote, prepararEmpresa } from './fabricas-movimiento';

/**
 * Every sort a paged list offers in its header is read from an index in that order, for a user who sees every
 * company as for a company's own user: the page then costs the same whatever the table's size. The statement the
 * list sends is taken as it runs and planned again with sequential scans and sorts discouraged: a plan that still
 * sorts has no index in that order (but see `ordenaDeMas`).
 */
let e: Entorno;
const enviados: { texto: string; parametros: unknown[] }[] = [];

async function plan(base: BaseDatos, texto: string, parametros: unknown[]) {
  const ajustes = 'set local enable_seqscan = off; set local enable_sort = off; set local enable_bitmapscan = off';
  if (base.pglite) {
    return base.pglite.transaction(async (tx) => {
      await tx.exec(ajustes);
      const r = await tx.query<{ 'QUERY PLAN': string }>(`explain ${texto}`, parametros);
      return r.rows.map((f) => f['QUERY PLAN']).join('\n');
    });
  }
  const c = await (base.pool as NonNullable<BaseDatos['pool']>).connect();
  try {
    await c.query('begin');
    await c.query(ajustes);
    const r = await c.query(`explain ${texto}`, parametros);
    return r.rows.map((f) => f['QUERY PLAN']).join('\n');
  } finally {
    await c.query('rollback');
    c.release();
  }
}

/**
 * Whether the plan sorts more than the ties of the list's keys. An incremental sort whose presorted keys are all
 * but the last (the row id that breaks ties) only orders the rows of one key value among themselves (a product's
 * lots): its cost does not grow with the table. Any other sort does.
 */
function ordenaDeMas(plan: string) {
  const lineas = plan.split('\n');
  return lineas.some((l, i) => {
    const nodo = l.replace(/^\s*(->\s*)?/, '');
    if (/^Sort\s+\(cost=/.test(nodo)) return true;
    if (!/^Incremental Sort\s+\(cost=/.test(nodo)) return false;
    const claves = (nombre: string) =>
      (lineas.slice(i + 1, i + 4).find((x) => x.trim().startsWith(`${nombre}:`)) ?? '').split(',').length;
    return claves('Presorted Key') !== claves('Sort Key') - 1;
  });
}

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let operador: Sesion;
let tesorero: Sesion;
let usuarioEmpresa: Sesion;
/** Every company's data (role 1) and one company's, with every module of the menu (role 8, a whole tree). */
let zona: Sesion;
let empresaCompleta: Sesion;
let producto: number;

beforeAll(async () => {
  e = await crearEntorno({ observar: (texto, parametros) => enviados.push({ texto, parametros }) });
  const preparada = await prepararEmpresa(e);
  const empresa = preparada.empresa.codigoEmpresaUsuario;
  producto = preparada.productos[0] as number;
  // A product's ledger reads its page only when it has one.
  await crearLote(e, preparada.almacen, producto, 10);
  zona = await e.sesion(1, 1);
  empresaCompleta = await e.sesion(8, empresa, { permisos: PERMISOS_POR_ROL[1] } as never);
  operador = await e.sesion(2, 1);
  tesorero = await e.sesion(9, 1);
  // A company's user who may also read the finance report (role 8's tree plus that module), to see its own debt.
  usuarioEmpresa = await e.sesion(8, empresa, {
    permisos: { ...PERMISOS_POR_ROL[8], 'reports/Finances': PERMISOS_POR_ROL[9]?.['reports/Finances'] },
  } as never);
});
afterAll(async () => {
  await e.cerrar();
});

/** The page's statement: the one whose FROM matches `tabla`, with an ORDER BY and a LIMIT. */
async function planDeLaPagina(quien: Sesion, url: string, tabla: RegExp) {
  enviados.length = 0;
  const r = await quien.get(url);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  const pagina = enviados.find((s) => / order by /i.test(s.texto) && / limit /i.test(s.texto) && tabla.test(s.texto));
  expect(pagina, `${url}: ${enviados.map((s) => s.texto).join('\n')}`).toBeDefined();
  const p = pagina as (typeof enviados)[number];
  return plan(e.base, p.texto, p.parametros);
}

const listas: { nombre: string; url: string; tabla: RegExp; orden: string[]; quien: () => Sesion[] }[] = [
  {
    nombre: 'comprobantes',
    url: '/api/Comprobante/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "comprobante"/,
    orden: ['numero', 'fechaEmision', 'razonSocial', 'total'],
    quien: () => [tesorero, usuarioEmpresa],
  },
  {
    nombre: 'deuda',
    url: '/api/ReporteFinanciero/ListarDeuda?PageNumber=1&limit=20',
    tabla: /from "comprobante"/,
    orden: ['diasAtraso'],
    quien: () => [tesorero, usuarioEmpresa],
  },
  {
    nombre: 'declaraciones',
    url: '/api/Declaracion/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "declaracion"/,
    orden: ['numeroDeclaracion'],
    quien: () => [operador, usuarioEmpresa],
  },
  {
    nombre: 'partidas arancelarias',
    url: '/api/Arancel/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "arancel"/,
    orden: ['numeroPartida', 'descripcion'],
    quien: () => [operador],
  },
  {
    nombre: 'stock por lote',
    url: '/api/Almacen/ListarStockLotes?PageNumber=1&limit=20&Tipo=todos',
    tabla: /from lote l\b/,
    orden: ['producto', 'diasEnZona'],
    quien: () => [operador, usuarioEmpresa],
  },
  {
    nombre: 'usuarios',
    url: '/api/Account/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "usuario"/,
    orden: ['nombreCompleto', 'nombreUsuario', 'estadoAnulado', 'fechaRegistro'],
    quien: () => [zona, empresaCompleta],
  },
  {
    nombre: 'administradores',
    url: '/api/Account/ListarDatos?PageNumber=1&limit=20&SoloAdministradores=true',
    tabla: /from "usuario"/,
    orden: ['nombreCompleto', 'nombreUsuario', 'estadoAnulado', 'fechaRegistro'],
    quien: () => [zona, empresaCompleta],
  },
  {
    nombre: 'transportistas',
    url: '/api/TransportistaUsuario/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "transportista_usuario"/,
    orden: ['ruc', 'razonSocial', 'fechaInicio', 'fechaCese'],
    quien: () => [zona, empresaCompleta],
  },
  {
    nombre: 'trabajadores',
    url: '/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa?PageNumber=1&limit=20',
    tabla: /from "control_colaborador_empresa"/,
    orden: ['numeroDocumentoIdentidad', 'colaborador'],
    quien: () => [zona, empresaCompleta],
  },
  {
    nombre: 'catálogo de productos',
    url: '/api/CatalogoUsuario/ListarDatos?PageNumber=1&limit=20',
    tabla: /from "catalogo_usuario"/,
    orden: ['codigoInterno', 'descripcion', 'numeroPartida', 'fechaRegistro'],
    quien: () => [zona, empresaCompleta],
  },
  {
    nombre: 'importadores',
    url: '/api/Importador/ListarImportador?PageNumber=1&limit=20',
    tabla: /from "importador"/,
    orden: ['ruc', 'razonSocial'],
    quien: () => [zona, empresaCompleta],
  },
];

describe('cada orden de una lista paginada lo sirve un índice', () => {
  for (const l of listas) {
    it(`${l.nombre}: el orden de la lista y cada orden de su cabecera, ascendente y descendente`, async () => {
      const ordenados: string[] = [];
      const planes: string[] = [];
      for (const quien of l.quien()) {
        for (const o of [
          '',
          ...l.orden.flatMap((c) => [`&OrdenarPor=${c}&Orden=asc`, `&OrdenarPor=${c}&Orden=desc`]),
        ]) {
          const url = `${l.url}${o}`;
          const p = await planDeLaPagina(quien, url, l.tabla);
          if (ordenaDeMas(p)) {
            ordenados.push(`rol ${quien.usuario.codigoRol} ${o || 'orden de la lista'}`);
            planes.push(p);
          }
        }
      }
      expect(ordenados, planes.join('\n\n')).toEqual([]);
    });
  }
});

/**
 * Every paged list of the contract (sobrePaginado) in its own order, as its screen first opens it. Not here: the
 * product lines of one order (/Balanza/ListarDatosDetalle, read by the order's key).
 */
const propias: { url: string; empresa?: false }[] = [
  { url: '/Tarifa/ListarDatos' },
  { url: '/Comprobante/ListarDatos' },
  { url: '/Facturacion/ListarCorridas' },
  { url: '/Pago/ListarDatos' },
  { url: '/ReporteFinanciero/ListarDeuda' },
  { url: '/Finanzas/ListarImportadores' },
  { url: '/Finanzas/ListarImportadores?SoloVencidos=true' },
  { url: '/Parametro/ListarDatos' },
  { url: '/ParametroSeccion/ListarDatos?CodigoParametro=33', empresa: false },
  { url: '/Soporte/ListarReportes', empresa: false },
  { url: '/Importador/ListarImportador' },
  { url: '/Arancel/ListarDatos' },
  { url: '/Movimiento/ListarDatosCertificadoManufactura' },
  { url: '/Industria/ListarCip' },
  { url: '/Industria/ListarProduccion' },
  { url: '/Declaracion/ListarDatos' },
  { url: '/Declaracion/ListarConciliacion' },
  { url: '/ActaApertura/ListarDatos' },
  { url: '/EmpresaUsuarioEmpleado/ListarDatos' },
  { url: '/EmpresaListaBlanca/ListarDatos' },
  { url: '/Movimiento/ListarDatosOrdenesVerificacion' },
  { url: '/CatalogoUsuario/ListarDatos' },
  { url: '/TransportistaUsuario/ListarDatos' },
  { url: '/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa' },
  { url: '/Almacen/ListarKardex?CodigoCatalogoUsuario=PRODUCTO' },
  { url: '/Almacen/ListarStockLotes?Tipo=terminados' },
  { url: '/Almacen/ListarStockLotes?Tipo=otros' },
  { url: '/Almacen/ListarConteos' },
  { url: '/Account/ListarDatos' },
  { url: '/Account/ListarDatos?SoloAdministradores=true', empresa: false },
];

describe('el orden propio de cada lista paginada lo sirve un índice', () => {
  it('para quien ve toda la zona y para el usuario de una empresa', async () => {
    const ordenados: string[] = [];
    const planes: string[] = [];
    for (const l of propias) {
      for (const quien of l.empresa === false ? [zona] : [zona, empresaCompleta]) {
        const base = `/api${l.url.replace('PRODUCTO', String(producto))}`;
        const url = `${base}${base.includes('?') ? '&' : '?'}PageNumber=1&limit=20`;
        enviados.length = 0;
        const r = await quien.get(url);
        expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
        const paginas = enviados.filter((x) => / order by /i.test(x.texto) && / limit /i.test(x.texto));
        expect(paginas.length, `${url}: ${enviados.map((x) => x.texto).join('\n')}`).toBeGreaterThan(0);
        for (const pagina of paginas) {
          const p = await plan(e.base, pagina.texto, pagina.parametros);
          if (ordenaDeMas(p)) {
            ordenados.push(`rol ${quien.usuario.codigoRol} ${l.url}`);
            planes.push(`${pagina.texto}\n${p}`);
          }
        }
      }
    }
    expect(ordenados, planes.join('\n\n')).toEqual([]);
  });
});
