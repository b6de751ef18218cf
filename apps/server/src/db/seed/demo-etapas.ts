import { and, eq, inArray, sql } from 'drizzle-orm';
import { acreditarIngresoVerificado } from '../../modules/inventario/stock-etapas';
import { tramaLegible, tramaToledo } from '../../modules/balanza/lector/protocolos';
import type { Db, DbOTx } from '../client';
import {
  almacen,
  catalogoUsuario,
  configuracionTipoControlDetalle,
  controlMovimiento,
  controlMovimientoDetalle,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  pesaje,
  usuario,
  verificacion,
  verificacionImagen,
} from '../schema';

/** Marks the orders of this seeder (idempotence: a second run finds them and stops). */
const MARCA = 'demo-etapas';

interface OrdenDemo {
  empresa: number;
  ingreso: 'VH' | 'PE';
  operacion: number;
  /** Stages already recorded (control types), in order; the state follows the transition table. */
  etapas: number[];
  observado?: 0 | 1 | 2;
  observacion?: string;
  persona: [dni: string, nombres: string, paterno: string, materno: string];
  placa?: string;
  pesos?: [entrada: number, salida: number];
}

const ORDENES: OrdenDemo[] = [
  {
    empresa: 2,
    ingreso: 'VH',
    operacion: 1,
    etapas: [],
    persona: ['42158796', 'JOSE LUIS', 'MAMANI', 'CUTIPA'],
    placa: 'Z3B-874',
  },
  { empresa: 3, ingreso: 'PE', operacion: 1, etapas: [], persona: ['45879632', 'MARIA ELENA', 'CHOQUE', 'PARI'] },
  {
    empresa: 7,
    ingreso: 'VH',
    operacion: 1,
    etapas: [],
    persona: ['40321587', 'PEDRO', 'APAZA', 'TICONA'],
    placa: 'Z1K-552',
  },
  {
    empresa: 2,
    ingreso: 'VH',
    operacion: 2,
    etapas: [1],
    persona: ['43698521', 'RAUL', 'QUISPE', 'HUANCA'],
    placa: 'Z2F-310',
  },
  { empresa: 6, ingreso: 'PE', operacion: 1, etapas: [1], persona: ['47512368', 'ROSA', 'CONDORI', 'LAURA'] },
  {
    empresa: 4,
    ingreso: 'VH',
    operacion: 1,
    etapas: [1, 2],
    persona: ['41236985', 'VICTOR', 'FLORES', 'LIMACHI'],
    placa: 'Z5C-128',
    pesos: [32_480, 13_420],
  },
  {
    empresa: 6,
    ingreso: 'VH',
    operacion: 1,
    etapas: [1, 2, 3],
    persona: ['44125896', 'ANGEL', 'VARGAS', 'COAQUIRA'],
    placa: 'Z7D-903',
    pesos: [28_760, 11_240],
    observado: 1,
  },
  {
    empresa: 2,
    ingreso: 'VH',
    operacion: 1,
    etapas: [1, 2, 3, 4],
    persona: ['46985231', 'LUIS', 'CCAMA', 'ARO'],
    placa: 'Z2H-441',
    pesos: [35_120, 14_060],
    observado: 2,
    observacion:
      '<p>Se encontraron <strong>3 bultos</strong> con embalaje dañado.</p><ul><li>Solicitar acta de inspección.</li></ul>',
  },
  {
    empresa: 3,
    ingreso: 'VH',
    operacion: 1,
    etapas: [1, 2, 3, 4, 5],
    persona: ['42587413', 'JUAN', 'HUAMAN', 'TITO'],
    placa: 'Z4A-662',
    pesos: [24_300, 9_870],
    observado: 1,
  },
  {
    empresa: 4,
    ingreso: 'VH',
    operacion: 1,
    etapas: [1, 2, 3, 4, 5, 6],
    persona: ['43125874', 'CARLOS', 'MENDOZA', 'YUCRA'],
    placa: 'Z5C-774',
    pesos: [30_940, 12_310],
    observado: 1,
  },
  {
    empresa: 2,
    ingreso: 'PE',
    operacion: 1,
    etapas: [],
    observado: 2,
    observacion: '<p>Factura ilegible; el usuario debe presentar copia.</p>',
    persona: ['48521369', 'ELSA', 'TORRES', 'NINA'],
  },
];

/** State after these stages (DOMAIN.md §4). */
const estadoTras = (etapas: number[]) => [1, 2, 3, 3, 4, 4, 5][etapas.length] ?? 1;

async function usuarioId(db: DbOTx, nombreUsuario: string) {
  const [u] = await db
    .select({ c: usuario.codigoUsuario })
    .from(usuario)
    .where(eq(usuario.nombreUsuario, nombreUsuario));
  return u?.c ?? 1;
}

/**
 * Orders waiting at every stage, with weights (and their raw frames) and photos, some observed.
 * Runs after the orders seeder; creates its own orders so the registered ones stay untouched.
 */
export async function sembrarEtapas(db: Db) {
  const [ya] = await db
    .select({ c: movimiento.codigoMovimiento })
    .from(movimiento)
    .where(eq(movimiento.usuarioRegistro, MARCA))
    .limit(1);
  if (ya) return;
  await db.transaction(async (tx) => {
    const seguridad = await usuarioId(tx, 'seguridad');
    const balanza = await usuarioId(tx, 'balanza');
    let n = 0;
    for (const o of ORDENES) {
      n += 1;
      const filas = await tx.execute<{ n: string }>(sql`select nextval('movimiento_codigo_ingreso_seq') as n`);
      const sec = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
      const [a] = await tx.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, o.empresa)).limit(1);
      const hace = new Date(Date.now() - (ORDENES.length - n) * 3_600_000);
      const [m] = await tx
        .insert(movimiento)
        .values({
          codigoIngreso: `OP${String(sec).padStart(7, '0')}`,
          numeroTicket: `${String(sec).padStart(9, '0')}`,
          codigoTipoIngreso: o.ingreso,
          codigoTipoOperacion: o.operacion,
          codigoEmpresaUsuario: o.empresa,
          codigoEmpresaAlmacen: a?.codigoEmpresaAlmacen ?? null,
          codigoTipoMercaderia: 'EXT',
          paisProcedencia: 'CL',
          fechaIngreso: hace,
          codigoTipoDocumentoIdentidad: '1',
          numeroDocumentoIdentidad: o.persona[0],
          nombres: o.persona[1],
          apellidoPaterno: o.persona[2],
          apellidoMaterno: o.persona[3],
          placaUno: o.placa ?? null,
          numeroSoat: o.placa ? `S${sec}`.slice(0, 10) : null,
          numeroBrevete: o.placa ? `Q${o.persona[0]}` : null,
          codigoClaseBrevete: o.placa ? 'A-IIIc' : null,
          codigoTipoCarga: 1,
          numeroBultos: 12 + n,
          codigoEstadoMovimiento: estadoTras(o.etapas),
          codigoEstadoObservado: o.observado ?? 0,
          observacion: o.observacion ?? (o.observado === 1 ? 'No se registraron Observaciones' : null),
          usuarioRegistro: MARCA,
          fechaRegistro: hace,
        })
        .returning();
      if (!m) throw new Error('movimiento demo');
      const [doc] = await tx
        .insert(movimientoDocumento)
        .values({
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoDocumento: '1',
          numeroDocumento: `F002-${String(4500 + n).padStart(6, '0')}`,
          descripcionDocumento: 'Factura comercial',
        })
        .returning();
      // Unit FOB and unit weight of each product (the line's FOB is per unit: it does not grow with the quantity).
      for (const [i, [desc, partida, cant, fobUnitario, kgUnidad]] of (
        [
          ['TELEVISOR LED 55 PULGADAS', '8528720000', 20 + n, 310, 18],
          ['HORNO MICROONDAS 20 L', '8516500000', 10 + n, 68.5, 11.2],
        ] as const
      ).entries()) {
        const codigoInterno = `ETP-${i + 1}`;
        await tx
          .insert(catalogoUsuario)
          .values({
            codigoEmpresaUsuario: o.empresa,
            codigoInterno,
            descripcion: desc,
            numeroPartida: partida,
            codigoUnidadMedida: 'NIU',
            codigoExistencia: '01',
            usuarioRegistro: MARCA,
          })
          .onConflictDoNothing();
        const [c] = await tx
          .select()
          .from(catalogoUsuario)
          .where(
            and(eq(catalogoUsuario.codigoEmpresaUsuario, o.empresa), eq(catalogoUsuario.codigoInterno, codigoInterno)),
          );
        if (!c || !doc) throw new Error('catálogo demo');
        await tx.insert(movimientoDetalle).values({
          codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
          codigoMovimiento: m.codigoMovimiento,
          codigoCatalogoUsuario: c.codigoCatalogoUsuario,
          cantidad: cant.toFixed(3),
          peso: (cant * kgUnidad).toFixed(3),
          valorFOB: fobUnitario.toFixed(5),
        });
      }
      await registrarEtapasDemo(tx, m, o, { seguridad, balanza }, n, hace);
    }
  });
}

async function registrarEtapasDemo(
  tx: DbOTx,
  m: typeof movimiento.$inferSelect,
  o: OrdenDemo,
  u: { seguridad: number; balanza: number },
  n: number,
  inicio: Date,
) {
  const desde = [1, 2, 3, 3, 4, 4];
  const hasta = [2, 3, null, 4, null, 5];
  for (const tipo of o.etapas) {
    const fecha = new Date(inicio.getTime() + tipo * 600_000);
    const quien = tipo === 1 || tipo === 6 ? u.seguridad : u.balanza;
    const peso = o.ingreso === 'PE' ? 0 : tipo === 2 ? (o.pesos?.[0] ?? 0) : tipo === 4 ? (o.pesos?.[1] ?? 0) : null;
    const [entrada, salida] = o.pesos ?? [0, 0];
    const [c] = await (tx as Db)
      .insert(controlMovimiento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: tipo,
        estadoDesde: desde[tipo - 1] ?? 1,
        estadoHasta: hasta[tipo - 1] ?? null,
        observacion: 'Conforme',
        codigoTipoBalanza: tipo === 2 || tipo === 4 ? (o.ingreso === 'PE' ? 2 : 1) : null,
        peso: peso === null ? null : String(peso),
        pesoCarreta: peso === null ? null : '0',
        pesoBruto: tipo === 2 ? String(entrada) : tipo === 4 ? String(Math.max(entrada, salida)) : null,
        pesoTara: tipo === 4 ? String(Math.min(entrada, salida)) : null,
        pesoNeto: tipo === 4 ? String(Math.abs(entrada - salida)) : null,
        pesoTotalMercancia: tipo === 4 ? String(Math.abs(entrada - salida)) : null,
        finalizado: true,
        fechaFinalizacion: fecha,
        usuarioRegistro: quien === u.seguridad ? 'seguridad' : 'balanza',
        codigoUsuarioRegistro: quien,
        fechaRegistro: fecha,
      })
      .onConflictDoNothing()
      .returning();
    if (!c) continue;
    const configuracion = tipo === 1 ? 6 : tipo;
    const items = await tx
      .select({ id: configuracionTipoControlDetalle.codigoDetalleTipoControl })
      .from(configuracionTipoControlDetalle)
      .where(
        and(
          eq(configuracionTipoControlDetalle.codigoTipoControl, configuracion),
          eq(configuracionTipoControlDetalle.codigoTipoIngreso, o.ingreso),
          inArray(configuracionTipoControlDetalle.codigoTipoCarga, [0, 1]),
        ),
      );
    if (items.length)
      await tx.insert(controlMovimientoDetalle).values(
        items.map((i) => ({
          codigoControlMovimiento: c.codigoControlMovimiento,
          codigoDetalleTipoControl: i.id,
          verificacion: true,
        })),
      );
    if ((tipo === 2 || tipo === 4) && peso !== null) {
      const trama = o.ingreso === 'PE' ? null : tramaLegible(tramaToledo({ peso, estable: true }));
      await tx.insert(pesaje).values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: tipo,
        codigoTipoBalanza: o.ingreso === 'PE' ? 2 : 1,
        peso: String(peso),
        protocolo: trama ? 'toledo' : null,
        trama,
        fechaCaptura: fecha,
        codigoUsuario: u.balanza,
        usuarioRegistro: 'balanza',
        codigoControlMovimiento: c.codigoControlMovimiento,
      });
    }
    if (tipo === 3 || tipo === 5) {
      const [v] = await tx
        .insert(verificacion)
        .values({
          codigoControlMovimiento: c.codigoControlMovimiento,
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: tipo,
          codigoTipoCarga: 1,
          numeroBultosVerificado: m.numeroBultos ?? 0,
          fechaRegistro: fecha,
        })
        .returning();
      if (!v) continue;
      const fotos = tipo === 3 ? 2 : 1;
      await tx.insert(verificacionImagen).values(
        Array.from({ length: fotos }, (_, i) => ({
          codigoVerificacionTipoControl: v.codigoVerificacionTipoControl,
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: tipo,
          nombreArchivo: `verificacion-${m.codigoIngreso}-${tipo}-${i + 1}.jpg`,
          // Generated on request (jpeg-demo.ts): demo photos are not files on disk.
          rutaArchivo: `demo/${n * 10 + tipo + i}.jpg`,
          tipoContenido: 'image/jpeg',
          tamanio: 600,
          usuarioRegistro: 'balanza',
          codigoUsuarioRegistro: u.balanza,
          fechaRegistro: fecha,
        })),
      );
      if (tipo === 3) await acreditarIngresoVerificado(tx, m, 'balanza', fecha);
    }
  }
}
