import { PERMISOS_POR_ROL, rucValido } from '@cronos/contract';
import { sql } from 'drizzle-orm';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db, DbOTx } from '../client';
import { almacen, empresaUsuario, importador, permiso, permisoUsuario, usuario } from '../schema';
import { sembrarAduanas } from './demo-aduanas';
import { sembrarCertificados } from './demo-certificados';
import { sembrarCip } from './demo-cip';
import { sembrarConteos } from './demo-conteo';
import { sembrarKardex } from './demo-kardex';
import { sembrarEtapas } from './demo-etapas';
import { sembrarFinanzas } from './demo-finanzas';
import { sembrarFinanzasGarita } from './demo-finanzas-garita';
import { sembrarMovimientos } from './demo-movimientos';
import { sembrarAdministracion } from './demo-administracion';
import { ajustarSecuencia } from './referencia';

/** The password of every demo user, documented in the README. */
export const CONTRASENIA_DEMO = 'Cronos.2026';

export const EMPRESAS_DEMO = [
  {
    codigoEmpresaUsuario: 2,
    ruc: '20603547897',
    razonSocial: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
    codigoTipoActividad: '1',
    indicadorAlmacenActivo: true,
  },
  {
    codigoEmpresaUsuario: 3,
    ruc: '20450123677',
    razonSocial: 'TECNOLOGÍA ALTIPLANO E.I.R.L.',
    codigoTipoActividad: '1',
    indicadorAlmacenActivo: true,
    indicadorRegistroEspecialExcel: true,
  },
  {
    codigoEmpresaUsuario: 4,
    ruc: '20532189048',
    razonSocial: 'CALZADOS DEL PACÍFICO S.A.',
    codigoTipoActividad: '2',
    indicadorAlmacenActivo: true,
  },
  {
    codigoEmpresaUsuario: 5,
    ruc: '20498765433',
    razonSocial: 'LICORES FINOS DE TACNA S.R.L.',
    codigoTipoActividad: '1',
    indicadorAlmacenActivo: false,
  },
  {
    codigoEmpresaUsuario: 6,
    ruc: '20601234565',
    razonSocial: 'INDUSTRIAS TEXTILES CAPLINA S.A.C.',
    codigoTipoActividad: '2',
    indicadorAlmacenActivo: true,
  },
  {
    codigoEmpresaUsuario: 7,
    ruc: '20519876541',
    razonSocial: 'DISTRIBUIDORA FRONTERA SUR S.A.C.',
    codigoTipoActividad: '3',
    indicadorAlmacenActivo: true,
    indicadorBloqueo: true,
  },
];

/** One user per role (DOMAIN.md §3), plus a second company user to show tenancy. */
export const USUARIOS_DEMO = [
  {
    nombreUsuario: 'superadmin',
    codigoRol: 1,
    codigoEmpresaUsuario: 1,
    nombre: 'ROSA',
    apellidoPaterno: 'QUISPE',
    apellidoMaterno: 'MAMANI',
    cargo: 'Jefa de sistemas',
  },
  {
    nombreUsuario: 'admin',
    codigoRol: 2,
    codigoEmpresaUsuario: 1,
    nombre: 'JORGE',
    apellidoPaterno: 'FLORES',
    apellidoMaterno: 'CCORI',
    cargo: 'Administrador de operaciones',
  },
  {
    nombreUsuario: 'seguridad',
    codigoRol: 3,
    codigoEmpresaUsuario: 1,
    nombre: 'LUIS',
    apellidoPaterno: 'CONDORI',
    apellidoMaterno: 'APAZA',
    cargo: 'Agente de garita',
  },
  {
    nombreUsuario: 'balanza',
    codigoRol: 4,
    codigoEmpresaUsuario: 1,
    nombre: 'MARCO',
    apellidoPaterno: 'TICONA',
    apellidoMaterno: 'CHOQUE',
    cargo: 'Operador de balanza',
  },
  {
    nombreUsuario: 'moderador',
    codigoRol: 5,
    codigoEmpresaUsuario: 1,
    nombre: 'ANA',
    apellidoPaterno: 'VARGAS',
    apellidoMaterno: 'LUQUE',
    cargo: 'Revisora de órdenes',
  },
  {
    nombreUsuario: 'supervisor',
    codigoRol: 7,
    codigoEmpresaUsuario: 1,
    nombre: 'CARLOS',
    apellidoPaterno: 'MENDOZA',
    apellidoMaterno: 'PARI',
    cargo: 'Supervisor de zona',
  },
  {
    nombreUsuario: 'usuario',
    codigoRol: 8,
    codigoEmpresaUsuario: 2,
    nombre: 'PATRICIA',
    apellidoPaterno: 'HUAMAN',
    apellidoMaterno: 'ROJAS',
    cargo: 'Asistente de comercio exterior',
  },
  {
    nombreUsuario: 'tesorero',
    codigoRol: 9,
    codigoEmpresaUsuario: 1,
    nombre: 'ELENA',
    apellidoPaterno: 'CHAMBI',
    apellidoMaterno: 'TORRES',
    cargo: 'Tesorera',
  },
  {
    nombreUsuario: 'usuario2',
    codigoRol: 8,
    codigoEmpresaUsuario: 3,
    nombre: 'MIGUEL',
    apellidoPaterno: 'CALLA',
    apellidoMaterno: 'YUPANQUI',
    cargo: 'Jefe de almacén',
  },
  {
    nombreUsuario: 'mcastillo',
    codigoRol: 3,
    codigoEmpresaUsuario: 1,
    nombre: 'MARIO',
    apellidoPaterno: 'CASTILLO',
    apellidoMaterno: 'NINA',
    cargo: 'Agente de garita (turno noche)',
  },
];

export async function sembrarEmpresasYUsuarios(db: DbOTx) {
  for (const e of EMPRESAS_DEMO) if (!rucValido(e.ruc)) throw new Error(`RUC de demostración inválido: ${e.ruc}`);
  await db
    .insert(empresaUsuario)
    .values(
      EMPRESAS_DEMO.map((e) => ({
        ...e,
        direccion: 'Zona Franca de Tacna, Lote ' + e.codigoEmpresaUsuario * 7,
        codigoCondicion: '1',
        usuarioRegistro: 'sistema',
      })),
    )
    .onConflictDoNothing();
  await ajustarSecuencia(db, 'empresa_usuario', 'codigo_empresa_usuario');
  const conAlmacen = await db.execute(
    sql`select codigo_empresa_usuario as c from empresa_usuario e where not exists (select 1 from almacen a where a.codigo_empresa_usuario = e.codigo_empresa_usuario)`,
  );
  const filas = (conAlmacen as unknown as { rows: { c: number }[] }).rows;
  if (filas.length)
    await db.insert(almacen).values(filas.map((f) => ({ codigoEmpresaUsuario: f.c, nombre: 'Almacén principal' })));

  const hash = await hashContrasenia(CONTRASENIA_DEMO);
  await db
    .insert(usuario)
    .values(
      USUARIOS_DEMO.map((u, i) => ({
        // Every staff member has an identity document on record (the user form asks for one when their data is
        // edited); DNIs of a range no test or demo person uses.
        codeTipoDocumentoPeaton: '1',
        numeroDocumentoIdentidad: String(70110000 + i * 7),
        ...u,
        contraseniaHash: hash,
        nivelUsuario: u.codigoRol,
        correoElectronico: `${u.nombreUsuario}@zofratacna.demo`,
        usuarioRegistro: 'sistema',
      })),
    )
    .onConflictDoNothing();
  await darPermisosPorRol(db);

  await db
    .insert(importador)
    .values([
      { codigoEmpresaUsuario: 2, ruc: '20100070970', razonSocial: 'SUPERMERCADOS PERUANOS S.A.' },
      { codigoEmpresaUsuario: 2, ruc: '20100128056', razonSocial: 'SAGA FALABELLA S.A.' },
      { codigoEmpresaUsuario: 2, ruc: '20109072177', razonSocial: 'CENCOSUD RETAIL PERU S.A.' },
      { codigoEmpresaUsuario: 3, ruc: '20331898008', razonSocial: 'TIENDAS POR DEPARTAMENTO RIPLEY S.A.C.' },
      { codigoEmpresaUsuario: 3, ruc: '20536557858', razonSocial: 'HOMECENTERS PERUANOS S.A.' },
    ])
    .onConflictDoNothing();
}

/** Gives every user without a tree the default tree of their role (new demo users, first admin). */
export async function darPermisosPorRol(db: DbOTx) {
  const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
  const sinArbol = await db
    .select({ codigoUsuario: usuario.codigoUsuario, codigoRol: usuario.codigoRol })
    .from(usuario)
    .where(sql`not exists (select 1 from ${permisoUsuario} p where p.codigo_usuario = ${usuario.codigoUsuario})`);
  for (const u of sinArbol) {
    const filas = Object.entries(PERMISOS_POR_ROL[u.codigoRol] ?? {}).flatMap(([modulo, p]) => {
      const codigoPermiso = nodos.get(modulo);
      return codigoPermiso ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
    });
    if (filas.length) await db.insert(permisoUsuario).values(filas).onConflictDoNothing();
  }
}

/**
 * Demo data of the whole product. Each module appends its seeder here (one line each, keep the order:
 * later seeders may use earlier data). Every seeder must be idempotent.
 */
export const SEMBRADORES_DEMO: { nombre: string; sembrar: (db: Db) => Promise<void> }[] = [
  { nombre: 'empresas y usuarios', sembrar: sembrarEmpresasYUsuarios },
  { nombre: 'certificados de manufactura', sembrar: sembrarCertificados },
  { nombre: 'órdenes, lotes y transportistas', sembrar: sembrarMovimientos },
  { nombre: 'administración', sembrar: sembrarAdministracion },
  { nombre: 'etapas: controles, pesajes, verificaciones y observaciones', sembrar: sembrarEtapas },
  { nombre: 'aduanas: declaraciones, levantes y actas de apertura', sembrar: sembrarAduanas },
  { nombre: 'finanzas: tarifas, corridas, comprobantes y pagos', sembrar: sembrarFinanzas },
  { nombre: 'finanzas: empresa con deuda vencida y su camión en garita', sembrar: sembrarFinanzasGarita },
  { nombre: 'kardex: historia de ingresos y salidas', sembrar: sembrarKardex },
  { nombre: 'inventario físico: conteos', sembrar: sembrarConteos },
  { nombre: 'industria: CIP, partes de producción y certificado', sembrar: sembrarCip },
];
