import { MENU, PERMISOS_POR_ROL, ROLES } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOTx } from '../client';
import { almacen, arancel, empresaUsuario, parametro, parametroSeccion, permiso, permisoRol, rol } from '../schema';
import { sembrarConfiguracionEtapas } from './configuracion-etapas';
import { GRUPOS, PARTIDAS } from './parametros-datos';

/** Reference data every installation needs (production too): roles, menu, lookups, tariff headings. */
export async function sembrarReferencia(db: DbOTx) {
  await db
    .insert(rol)
    .values(ROLES.map((r) => ({ codigoRol: r.codigo, nombre: r.nombre })))
    .onConflictDoNothing();

  // Menu tree: one node per group, one per screen of the route table; updated in place on every start.
  let orden = 0;
  for (const g of MENU) {
    orden += 100;
    const [grupo] = await db
      .insert(permiso)
      .values({
        modulo: `grupo:${g.clave}`,
        link: g.titulo,
        iconoLink: g.icono,
        indexLink: orden,
        codigoPadre: null,
        urlLink: null,
      })
      .onConflictDoUpdate({ target: permiso.modulo, set: { link: g.titulo, iconoLink: g.icono, indexLink: orden } })
      .returning({ codigoPermiso: permiso.codigoPermiso });
    let sub = orden;
    for (const r of g.rutas) {
      sub += 1;
      await db
        .insert(permiso)
        .values({
          modulo: r.modulo,
          link: r.titulo,
          urlLink: `/app/${r.modulo}`,
          iconoLink: r.icono,
          indexLink: sub,
          codigoPadre: grupo?.codigoPermiso ?? null,
        })
        .onConflictDoUpdate({
          target: permiso.modulo,
          set: {
            link: r.titulo,
            urlLink: `/app/${r.modulo}`,
            iconoLink: r.icono,
            indexLink: sub,
            codigoPadre: grupo?.codigoPermiso ?? null,
          },
        });
    }
  }
  const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
  for (const [codigoRol, permisos] of Object.entries(PERMISOS_POR_ROL)) {
    const filas = Object.entries(permisos).flatMap(([modulo, p]) => {
      const codigoPermiso = nodos.get(modulo);
      return codigoPermiso ? [{ codigoRol: Number(codigoRol), codigoPermiso, ...p }] : [];
    });
    if (filas.length) await db.insert(permisoRol).values(filas).onConflictDoNothing();
  }

  for (const g of GRUPOS) {
    await db
      .insert(parametro)
      .values({ codigoParametro: g.codigo, nombre: g.nombre, descripcion: g.descripcion })
      .onConflictDoNothing();
    await db
      .insert(parametroSeccion)
      .values(
        g.valores.map(([codigo, nombre], i) => ({
          codigoParametro: g.codigo,
          codigo,
          nombre,
          orden: i + 1,
          soloLectura: true,
        })),
      )
      .onConflictDoNothing();
  }
  await db
    .insert(arancel)
    .values(
      PARTIDAS.map(([numeroPartida, descripcion, actividadPermitida]) => ({
        numeroPartida,
        descripcion,
        actividadPermitida,
      })),
    )
    .onConflictDoNothing();
  await sembrarConfiguracionEtapas(db);

  // The operator company always exists: it is company 1 (DOMAIN.md §1).
  const [operador] = await db
    .select({ c: empresaUsuario.codigoEmpresaUsuario })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, 1));
  if (!operador) {
    await db.insert(empresaUsuario).values({
      codigoEmpresaUsuario: 1,
      ruc: '20512333797',
      razonSocial: 'OPERADOR DE LA ZONA FRANCA DE TACNA S.A.',
      nombreComercial: 'Zona Franca Tacna',
      direccion: 'Carretera Panamericana Sur km 1308, Tacna',
      indicadorAlmacenActivo: true,
      codigoCondicion: '1',
    });
    await ajustarSecuencia(db, 'empresa_usuario', 'codigo_empresa_usuario');
  }
  const [almacenOperador] = await db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, 1)).limit(1);
  if (!almacenOperador) await db.insert(almacen).values({ codigoEmpresaUsuario: 1, nombre: 'Almacén del operador' });
}

/** After inserting explicit ids, move the serial past them. Table and column names are constants here. */
export async function ajustarSecuencia(db: DbOTx, tabla: string, columna: string) {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${tabla}', '${columna}'), greatest((select max(${columna}) from ${tabla}), 1))`,
    ),
  );
}
