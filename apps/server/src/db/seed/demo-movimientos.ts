import { and, eq, sql } from 'drizzle-orm';
import { acreditarLote, reservarLote } from '../../modules/inventario/lotes';
import { siguienteCodigoIngreso } from '../../modules/movimiento/movimiento.repository';
import type { Db, DbOTx } from '../client';
import {
  almacen,
  catalogoUsuario,
  empresaRegistro,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  persona,
  transportistaUsuario,
} from '../schema';

/**
 * Orders demo data: catalogue products of companies 2, 3 and 4 (codes MOV-*), lots with stock, drivers in
 * the identity registry, carriers with valid and expired contracts, and registered orders (state 1) with
 * documents and products, one of them an exit holding lots. Runs once: it does nothing when MOV-001 exists.
 */
const PRODUCTOS: [number, string, string, string, string][] = [
  [2, 'MOV-001', 'TELEVISOR LED 55 PULGADAS 4K SMART', '8528720000', 'NIU'],
  [2, 'MOV-002', 'TELÉFONO INTELIGENTE 128GB', '8517130000', 'NIU'],
  [2, 'MOV-003', 'LAPTOP 14 PULGADAS 16GB RAM', '8471300000', 'NIU'],
  [2, 'MOV-004', 'WHISKY ESCOCÉS 12 AÑOS 750ML', '2208300000', 'NIU'],
  [2, 'MOV-005', 'HORNO MICROONDAS 30 LITROS', '8516500000', 'NIU'],
  [2, 'MOV-006', 'NEUMÁTICO RADIAL 205/55 R16', '4011100000', 'NIU'],
  [3, 'MOV-101', 'IMPRESORA MULTIFUNCIONAL LÁSER', '8443321000', 'NIU'],
  [3, 'MOV-102', 'CÁMARA DIGITAL MIRRORLESS', '8525890000', 'NIU'],
  [3, 'MOV-103', 'BATERÍA DE IONES DE LITIO 48V', '8507600000', 'NIU'],
  [4, 'MOV-201', 'ZAPATILLA DEPORTIVA DE LONA', '6404110000', 'PR'],
  [4, 'MOV-202', 'ZAPATO DE CUERO CON SUELA DE CAUCHO', '6403999000', 'PR'],
];

const PERSONAS: [string, string, string, string, string][] = [
  ['1', '45678912', 'MAMANI', 'QUISPE', 'JUAN CARLOS'],
  ['1', '42158963', 'CONDORI', 'TICONA', 'WILBER'],
  ['1', '70123456', 'FLORES', 'CHOQUE', 'ROSA MARÍA'],
  ['1', '41234567', 'APAZA', 'LUQUE', 'EDGAR'],
  ['2', 'CE0012345', 'GONZÁLEZ', 'SOTO', 'PEDRO ANDRÉS'],
];

/** [company, RUC or foreign tax id, name, start, end, foreign] — 1900-01-01 is "no contract". */
const TRANSPORTISTAS: [number, string, string, string, string | null, boolean][] = [
  [2, '20445566773', 'TRANSPORTES DEL SUR ANDINO S.A.C.', '2026-01-15', '2027-01-14', false],
  [2, '20533442219', 'CARGA PESADA TACNA E.I.R.L.', '2025-01-01', '2025-12-31', false],
  [2, 'CL-76543210', 'TRANSPORTES ARICA LTDA', '2026-03-01', '2027-02-28', true],
  [3, '20445566773', 'TRANSPORTES DEL SUR ANDINO S.A.C.', '2026-02-01', '2027-01-31', false],
  [3, '20600112237', 'LOGÍSTICA FRONTERA S.A.C.', '1900-01-01', null, false],
  [4, '20499887761', 'EXPRESO CAPLINA S.R.L.', '2026-06-01', '2027-05-31', false],
];

const REGISTROS: [string, string, string][] = [
  ['20445566773', 'TRANSPORTES DEL SUR ANDINO S.A.C.', 'Av. Leguía 1450, Tacna'],
  ['20533442219', 'CARGA PESADA TACNA E.I.R.L.', 'Calle Zela 320, Tacna'],
  ['20600112237', 'LOGÍSTICA FRONTERA S.A.C.', 'Av. Industrial 88, Tacna'],
  ['20499887761', 'EXPRESO CAPLINA S.R.L.', 'Av. Jorge Basadre 410, Tacna'],
  ['20100223342', 'DISTRIBUIDORA NACIONAL DEL PERÚ S.A.', 'Av. Argentina 2020, Lima'],
];

export async function sembrarMovimientos(db: Db) {
  const [hay] = await db
    .select({ c: catalogoUsuario.codigoCatalogoUsuario })
    .from(catalogoUsuario)
    .where(and(eq(catalogoUsuario.codigoEmpresaUsuario, 2), eq(catalogoUsuario.codigoInterno, 'MOV-001')))
    .limit(1);
  if (hay) return;
  const almacenes = await db.select().from(almacen);
  const almacenDe = (e: number) => almacenes.find((a) => a.codigoEmpresaUsuario === e)?.codigoEmpresaAlmacen;
  if (!almacenDe(2) || !almacenDe(3) || !almacenDe(4)) return;

  await db.transaction(async (tx) => {
    const productos = await tx
      .insert(catalogoUsuario)
      .values(
        PRODUCTOS.map(([e, codigoInterno, descripcion, numeroPartida, codigoUnidadMedida]) => ({
          codigoEmpresaUsuario: e,
          codigoInterno,
          descripcion,
          numeroPartida,
          codigoUnidadMedida,
          codigoExistencia: '01',
          usuarioRegistro: 'sistema',
        })),
      )
      .returning();
    const p = (codigo: string) => {
      const f = productos.find((x) => x.codigoInterno === codigo);
      if (!f) throw new Error(codigo);
      return f.codigoCatalogoUsuario;
    };
    await tx
      .insert(persona)
      .values(
        PERSONAS.map(([tipo, numero, apellidoPaterno, apellidoMaterno, nombres]) => ({
          codigoTipoDocumentoIdentidad: tipo,
          numeroDocumentoIdentidad: numero,
          apellidoPaterno,
          apellidoMaterno,
          nombres,
          extranjero: tipo !== '1',
          fuente: 'demo',
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(empresaRegistro)
      .values(REGISTROS.map(([ruc, razonSocial, direccion]) => ({ ruc, razonSocial, direccion, fuente: 'demo' })))
      .onConflictDoNothing();
    await tx
      .insert(transportistaUsuario)
      .values(
        TRANSPORTISTAS.map(([e, ruc, razonSocial, fechaInicio, fechaCese, extranjero]) => ({
          codigoEmpresaUsuario: e,
          ruc,
          razonSocial,
          direccion: REGISTROS.find((r) => r[0] === ruc)?.[2] ?? null,
          fechaInicio,
          fechaCese,
          extranjero,
          usuarioRegistro: 'sistema',
        })),
      )
      .onConflictDoNothing();

    // Lots with stock (entries already verified in the past).
    const lote = (e: number, codigo: string, cantidad: number, documento: string) =>
      acreditarLote(tx, {
        codigoEmpresaAlmacen: almacenDe(e) as number,
        codigoCatalogoUsuario: p(codigo),
        codigoMovimientoDocumento: null,
        numeroDocumento: documento,
        cantidad,
        usuarioRegistro: 'sistema',
      });
    const lotesTv = [
      await lote(2, 'MOV-001', 120, '172-2026-10-004512'),
      await lote(2, 'MOV-001', 60, '172-2026-10-005830'),
    ];
    await lote(2, 'MOV-002', 500, '172-2026-10-004512');
    await lote(2, 'MOV-003', 80, '118-2026-10-011204');
    await lote(2, 'MOV-004', 240, '172-2026-10-006001');
    await lote(3, 'MOV-101', 40, '172-2026-10-007310');
    await lote(3, 'MOV-102', 25, '235-2026-10-000918');
    await lote(4, 'MOV-201', 300, '172-2026-10-008120');

    const transportista = async (e: number, ruc: string) => {
      const [t] = await tx
        .select()
        .from(transportistaUsuario)
        .where(and(eq(transportistaUsuario.codigoEmpresaUsuario, e), eq(transportistaUsuario.ruc, ruc)));
      return t;
    };
    const conductor = PERSONAS[0] as (typeof PERSONAS)[number];
    const orden = async (o: {
      empresa: number;
      tipoIngreso: 'VH' | 'PE';
      operacion: number;
      mercaderia: string | null;
      pais: string | null;
      ruc?: string;
      contenedor?: string;
      persona?: (typeof PERSONAS)[number];
      documentos: {
        tipo: string;
        numero: string;
        ruc: string;
        razon: string;
        lineas: [string, number, number, number, number[]?][];
      }[];
    }) => {
      const t = o.ruc ? await transportista(o.empresa, o.ruc) : undefined;
      const per = o.persona ?? conductor;
      const { codigoIngreso, numeroTicket } = await siguienteCodigoIngreso(tx);
      const [m] = await tx
        .insert(movimiento)
        .values({
          codigoIngreso,
          numeroTicket,
          codigoTipoIngreso: o.tipoIngreso,
          codigoTipoOperacion: o.operacion,
          codigoEmpresaUsuario: o.empresa,
          codigoEmpresaAlmacen: almacenDe(o.empresa) ?? null,
          codigoTipoMercaderia: o.mercaderia,
          paisProcedencia: o.pais,
          codigoVia: o.tipoIngreso === 'VH' ? '2' : null,
          codigoSalidaAduana: '172',
          fechaIngreso: sql`now()`,
          codigoTipoDocumentoIdentidad: per[0],
          numeroDocumentoIdentidad: per[1],
          apellidoPaterno: per[2],
          apellidoMaterno: per[3],
          nombres: per[4],
          codigoTransportistaUsuario: t?.codigoTransportistaUsuario ?? null,
          razonSocialTransportistaUsuario: t?.razonSocial ?? null,
          rucTransportistaUsuario: t?.ruc ?? null,
          codigoTipoVehiculo: o.tipoIngreso === 'VH' ? (o.contenedor ? '9' : '5') : null,
          placaUno: o.tipoIngreso === 'VH' ? 'Z4T-931' : null,
          placaDos: o.contenedor ? 'ZC2-418' : null,
          codigoClaseBrevete: o.tipoIngreso === 'VH' ? 'A-IIIc' : null,
          numeroBrevete: o.tipoIngreso === 'VH' ? 'H45678912' : null,
          guiaTransportista: o.tipoIngreso === 'VH' ? 'T001-004512' : null,
          codigoTipoCarga: o.tipoIngreso === 'PE' ? null : o.contenedor ? 2 : 1,
          numeroBultos: 24,
          codigoDestinoProcedenciaMercancia: o.mercaderia === 'NAC' ? 2 : 1,
          numeroContenedor: o.contenedor ?? null,
          codigoTipoContenedor: o.contenedor ? '2' : null,
          lineaNaviera: o.contenedor ? '1' : null,
          usuarioRegistro: 'sistema',
        })
        .returning();
      if (!m) throw new Error('movimiento demo');
      for (const d of o.documentos) {
        const [doc] = await tx
          .insert(movimientoDocumento)
          .values({
            codigoMovimiento: m.codigoMovimiento,
            codigoTipoDocumento: d.tipo,
            numeroDocumento: d.numero,
            ruc: d.ruc,
            razonSocial: d.razon,
            codigoTipoImportador: /^\d{11}$/.test(d.ruc) ? '1' : '2',
            usuarioCreacion: 'sistema',
          })
          .returning();
        if (!doc) throw new Error('documento demo');
        for (const [codigo, cantidad, peso, fob, lotes] of d.lineas) {
          const [l] = await tx
            .insert(movimientoDetalle)
            .values({
              codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
              codigoMovimiento: m.codigoMovimiento,
              codigoCatalogoUsuario: p(codigo),
              cantidad: cantidad.toFixed(3),
              peso: peso.toFixed(3),
              valorFOB: fob.toFixed(5),
              codigoTipoBulto: '1',
            })
            .returning();
          if (!l) throw new Error('detalle demo');
          await reservarDemo(tx, lotes, cantidad, l.codigoMovimientoDetalle, p(codigo), almacenDe(o.empresa) as number);
        }
      }
    };
    await orden({
      empresa: 2,
      tipoIngreso: 'VH',
      operacion: 1,
      mercaderia: 'EXT',
      pais: 'CL',
      ruc: '20445566773',
      contenedor: 'MSKU123456-5',
      documentos: [
        {
          tipo: '6',
          numero: 'INV-2026-0881',
          ruc: 'CL-96512340',
          razon: 'COMERCIAL IQUIQUE LTDA',
          lineas: [
            ['MOV-001', 40, 620, 285.5],
            ['MOV-002', 200, 60, 189.9],
          ],
        },
        {
          tipo: '4',
          numero: '172-2026-10-009114',
          ruc: '20603547897',
          razon: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
          lineas: [['MOV-003', 30, 54, 512.0]],
        },
      ],
    });
    await orden({
      empresa: 2,
      tipoIngreso: 'VH',
      operacion: 2,
      mercaderia: 'EXP',
      pais: 'BO',
      ruc: '20445566773',
      persona: PERSONAS[1],
      documentos: [
        {
          tipo: '5',
          numero: '172-2026-40-000321',
          ruc: '20100223342',
          razon: 'DISTRIBUIDORA NACIONAL DEL PERÚ S.A.',
          lineas: [['MOV-001', 25, 387.5, 290, lotesTv]],
        },
      ],
    });
    await orden({
      empresa: 2,
      tipoIngreso: 'PE',
      operacion: 1,
      mercaderia: null,
      pais: null,
      persona: PERSONAS[2],
      documentos: [
        {
          tipo: '2',
          numero: 'B001-00012',
          ruc: '20100223342',
          razon: 'DISTRIBUIDORA NACIONAL DEL PERÚ S.A.',
          lineas: [['MOV-005', 2, 24, 85]],
        },
      ],
    });
    await orden({
      empresa: 3,
      tipoIngreso: 'VH',
      operacion: 1,
      mercaderia: 'EXT',
      pais: 'CN',
      ruc: '20445566773',
      persona: PERSONAS[3],
      documentos: [
        {
          tipo: '1',
          numero: 'F001-004521',
          ruc: '20603547897',
          razon: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
          lineas: [
            ['MOV-101', 12, 180, 340],
            ['MOV-103', 20, 400, 610],
          ],
        },
      ],
    });
    await orden({
      empresa: 4,
      tipoIngreso: 'VH',
      operacion: 1,
      mercaderia: 'NAC',
      pais: 'PE',
      ruc: '20499887761',
      documentos: [
        {
          tipo: '3',
          numero: 'T002-001845',
          ruc: '20100223342',
          razon: 'DISTRIBUIDORA NACIONAL DEL PERÚ S.A.',
          lineas: [
            ['MOV-201', 150, 210, 18.5],
            ['MOV-202', 80, 96, 32],
          ],
        },
      ],
    });
  });
}

/** An exit line of the demo takes its quantity from the given lots, oldest first. */
async function reservarDemo(
  tx: DbOTx,
  lotes: number[] | undefined,
  cantidad: number,
  codigoMovimientoDetalle: number,
  codigoCatalogoUsuario: number,
  codigoEmpresaAlmacen: number,
) {
  let resta = cantidad;
  for (const codigoLote of lotes ?? []) {
    if (resta <= 0) break;
    const parte = Math.min(resta, 20);
    await reservarLote(tx, {
      codigoLote,
      cantidad: parte,
      codigoMovimientoDetalle,
      codigoCatalogoUsuario,
      codigoEmpresaAlmacen,
    });
    resta -= parte;
  }
}
