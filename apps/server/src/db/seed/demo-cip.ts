import { DIAS_VIGENCIA_CERTIFICADO, fechaLima, instanteLima, sumarDias } from '@cronos/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as servicioCip from '../../modules/cip/cip.service';
import { acreditarLote } from '../../modules/inventario/lotes';
import type { Ctx } from '../../platform/contexto';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import {
  almacen,
  catalogoUsuario,
  certificadoManufactura,
  certificadoManufacturaDetalle,
  cip,
  equivalenciaCatalogo,
  usuario,
} from '../schema';
import { CONTRASENIA_DEMO, darPermisosPorRol } from './demo';

type Fila = [empresa: number, codigo: string, descripcion: string, partida: string, unidad: string, existencia: string];
// Codes 'CIP-…' sort after the catalogue's first products (the kardex demo takes each company's first one).
const PRODUCTOS: Fila[] = [
  [6, 'CIP-601', 'CAMISETA TEÑIDA DE ALGODÓN', '6109100031', 'NIU', '02'],
  [6, 'CIP-611', 'HILO DE ALGODÓN PEINADO', '5205110000', 'KGM', '03'],
  [6, 'CIP-612', 'BOTÓN DE TAGUA', '9606220000', 'NIU', '05'],
  [6, 'CIP-613', 'TINTE REACTIVO AZUL', '3204160000', 'KGM', '03'],
  [4, 'CIP-401', 'CINTURÓN DE CUERO PARA CABALLERO', '4203300000', 'NIU', '02'],
  [4, 'CIP-411', 'CUERO CURTIDO DE VACUNO', '4107120000', 'MTK', '03'],
  [4, 'CIP-412', 'HEBILLA METÁLICA', '8308900000', 'NIU', '05'],
  // Inputs of company 3, whose production manager ('productor') the browser test signs in as.
  [3, 'CIP-311', 'UVA QUEBRANTA', '0806100000', 'KGM', '03'],
  [3, 'CIP-312', 'BOTELLA DE VIDRIO 750 ML', '7010904000', 'NIU', '04'],
];
/** Input stock of the demo (initial-stock lots): enough for the demo and many browser test runs. */
const STOCK: Record<string, number> = {
  'CIP-611': 5000,
  'CIP-612': 200000,
  'CIP-613': 300,
  'CIP-411': 800,
  'CIP-412': 5000,
  'CIP-311': 100000,
  'CIP-312': 100000,
};

const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/**
 * Industry demo: company 6 (INDUSTRIAS TEXTILES CAPLINA) has an approved CIP of its dyed T-shirt,
 * two production reports under it (inputs out as 10 and 13, the finished lots in as 19) and a certificate
 * request taken from one; company 4 (CALZADOS DEL PACÍFICO) has a CIP of a belt the operator observed. Written
 * through the module's own verbs (as the superadmin acting for each company), so the kardex is what the
 * screens would have written. Company 3 gets a production manager ('productor', level 2) and input stock for
 * the browser test, which writes its own CIP.
 */
export async function sembrarCip(db: Db) {
  const [hay] = await db.select({ n: count() }).from(cip);
  if ((hay?.n ?? 0) > 0) return;
  const [admin] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, 'superadmin')).limit(1);
  const almacenes = await db
    .select()
    .from(almacen)
    .where(inArray(almacen.codigoEmpresaUsuario, [3, 4, 6]))
    .orderBy(asc(almacen.codigoEmpresaAlmacen));
  const almacenDe = (e: number) => almacenes.find((a) => a.codigoEmpresaUsuario === e)?.codigoEmpresaAlmacen;
  if (!admin || !almacenDe(3) || !almacenDe(4) || !almacenDe(6)) return;
  await db
    .insert(usuario)
    .values({
      nombreUsuario: 'productor',
      contraseniaHash: await hashContrasenia(CONTRASENIA_DEMO),
      nombre: 'RAÚL',
      apellidoPaterno: 'QUISPE',
      apellidoMaterno: 'CONDORI',
      cargo: 'Jefe de producción',
      codigoRol: 2,
      nivelUsuario: 2,
      codigoEmpresaUsuario: 3,
      correoElectronico: 'productor@zofratacna.demo',
      usuarioRegistro: 'sistema',
    })
    .onConflictDoNothing();
  await darPermisosPorRol(db);

  await db
    .insert(catalogoUsuario)
    .values(
      PRODUCTOS.map(([codigoEmpresaUsuario, codigoInterno, descripcion, numeroPartida, codigoUnidadMedida, e]) => ({
        codigoEmpresaUsuario,
        codigoInterno,
        descripcion,
        numeroPartida,
        codigoUnidadMedida,
        codigoExistencia: e,
        usuarioRegistro: 'sistema',
      })),
    )
    .onConflictDoNothing();
  const catalogo = await db
    .select()
    .from(catalogoUsuario)
    .where(
      and(
        inArray(
          catalogoUsuario.codigoInterno,
          PRODUCTOS.map((p) => p[1]),
        ),
        inArray(catalogoUsuario.codigoEmpresaUsuario, [3, 4, 6]),
      ),
    );
  const id = (codigo: string) => catalogo.find((p) => p.codigoInterno === codigo)?.codigoCatalogoUsuario as number;
  await db.insert(equivalenciaCatalogo).values({
    codigoCatalogoUsuario: id('CIP-613'),
    cantidadBase: '1',
    codigoUnidadMedidaBase: 'KGM',
    cantidadEquivalente: '1000',
    codigoUnidadMedidaEquivalencia: 'GRM',
    usuarioRegistro: 'sistema',
  });
  // The inputs' opening stock entered the zone on the day the CIP starts (60 days ago): the kardex reads in order,
  // opening stock first, then each production report's consumption on its production date.
  const inicioStock = new Date(instanteLima(sumarDias(fechaLima(new Date()), -60), '09:00'));
  await db.transaction(async (tx) => {
    for (const [codigo, cantidad] of Object.entries(STOCK)) {
      const p = catalogo.find((x) => x.codigoInterno === codigo);
      if (!p) continue;
      await acreditarLote(tx, {
        codigoEmpresaAlmacen: almacenDe(p.codigoEmpresaUsuario) as number,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        codigoMovimientoDocumento: null,
        numeroDocumento: `SI-${codigo}`,
        cantidad,
        usuarioRegistro: 'sistema',
        fecha: inicioStock,
      });
    }
  });

  const ahora = () => new Date();
  const ctx: Ctx = {
    actor: {
      codigoUsuario: admin.codigoUsuario,
      nombreUsuario: admin.nombreUsuario,
      codigoRol: 1,
      nivelUsuario: 1,
      codigoEmpresaUsuario: 1,
      codigoSesion: 0,
      permisos: new Map(),
    },
    db,
    idSolicitud: 'semilla-cip',
    log,
    ahora,
  };
  const hoy = fechaLima(ahora());
  const desde = sumarDias(hoy, -60);
  /** The context of something done on `dia` (Lima, mid-afternoon): a report is registered on its production date. */
  const enDia = (dia: string, hora = '16:00'): Ctx => ({ ...ctx, ahora: () => new Date(instanteLima(dia, hora)) });

  // Company 6: approved CIP (thread 0.18 kg with 3 % waste, 6 buttons with 2 % waste, 12 g of dye with 5 %).
  const camiseta = await servicioCip.guardar(enDia(desde, '10:00'), {
    codigoEmpresaUsuario: 6,
    codigoCatalogoUsuario: id('CIP-601'),
    fechaInicioVigencia: desde,
    descripcion: 'Tejido, teñido, corte y confección',
    insumos: [
      {
        codigoCatalogoUsuario: id('CIP-611'),
        cantidadPorUnidad: 0.18,
        codigoUnidadMedida: 'KGM',
        porcentajeMerma: 3,
        porcentajeResiduo: 1.5,
      },
      {
        codigoCatalogoUsuario: id('CIP-612'),
        cantidadPorUnidad: 6,
        codigoUnidadMedida: 'NIU',
        porcentajeMerma: 2,
        porcentajeResiduo: 0,
      },
      {
        codigoCatalogoUsuario: id('CIP-613'),
        cantidadPorUnidad: 12,
        codigoUnidadMedida: 'GRM',
        porcentajeMerma: 5,
        porcentajeResiduo: 0,
      },
    ],
  });
  await servicioCip.enviar(enDia(desde, '11:00'), { codigoCip: camiseta.codigoCip });
  await servicioCip.revisar(enDia(desde, '15:00'), { codigoCip: camiseta.codigoCip, decision: 'APROBAR' });
  const primera = await servicioCip.registrarProduccion(enDia(sumarDias(hoy, -10)), {
    codigoEmpresaUsuario: 6,
    codigoCatalogoUsuario: id('CIP-601'),
    cantidad: 1200,
    fechaProduccion: sumarDias(hoy, -10),
    pesoNeto: 216,
    pesoBruto: 240,
  });
  await servicioCip.registrarProduccion(enDia(sumarDias(hoy, -3)), {
    codigoEmpresaUsuario: 6,
    codigoCatalogoUsuario: id('CIP-601'),
    cantidad: 800,
    fechaProduccion: sumarDias(hoy, -3),
    pesoNeto: 144,
    pesoBruto: 160,
  });

  // A certificate request taken from the first report (pending authorization; two days old).
  const emision = sumarDias(hoy, -2);
  await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(certificadoManufactura)
      .values({
        codigoEmpresaUsuario: 6,
        fechaEmision: emision,
        fechaFinVigencia: sumarDias(emision, DIAS_VIGENCIA_CERTIFICADO),
        diasVigencia: DIAS_VIGENCIA_CERTIFICADO,
        usuarioRegistro: 'fabricante',
        fechaRegistro: new Date(ahora().getTime() - 2 * 86_400_000),
      })
      .returning();
    if (!c) return;
    const p = catalogo.find((x) => x.codigoInterno === 'CIP-601');
    await tx.insert(certificadoManufacturaDetalle).values({
      codigoCertificadoManufactura: c.codigoCertificadoManufactura,
      codigoCatalogoUsuario: id('CIP-601'),
      descripcionProducto: p?.descripcion ?? '',
      numeroPartida: p?.numeroPartida ?? '',
      codigoUnidadMedida: 'NIU',
      cantidad: String(primera.cantidad),
      cantidadBulto: '24',
      codigoTipoBulto: null,
      pesoNeto: String(primera.pesoNeto),
      pesoBruto: String(primera.pesoBruto),
      orden: 1,
      codigoProduccion: primera.codigoProduccion,
    });
  });

  // Company 4: a CIP the operator observed.
  const cinturon = await servicioCip.guardar(ctx, {
    codigoEmpresaUsuario: 4,
    codigoCatalogoUsuario: id('CIP-401'),
    fechaInicioVigencia: sumarDias(hoy, -5),
    insumos: [
      {
        codigoCatalogoUsuario: id('CIP-411'),
        cantidadPorUnidad: 0.15,
        codigoUnidadMedida: 'MTK',
        porcentajeMerma: 12,
        porcentajeResiduo: 4,
      },
      {
        codigoCatalogoUsuario: id('CIP-412'),
        cantidadPorUnidad: 1,
        codigoUnidadMedida: 'NIU',
        porcentajeMerma: 0,
        porcentajeResiduo: 0,
      },
    ],
  });
  await servicioCip.enviar(ctx, { codigoCip: cinturon.codigoCip });
  await servicioCip.revisar(ctx, {
    codigoCip: cinturon.codigoCip,
    decision: 'OBSERVAR',
    observacion: 'La merma del cuero (12 %) excede lo declarado en el expediente; adjunte el sustento técnico.',
  });
}
