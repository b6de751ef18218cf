import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import {
  actaApertura,
  actaAperturaFoto,
  almacen,
  catalogoUsuario,
  controlMovimiento,
  declaracion,
  declaracionConsulta,
  declaracionObservacion,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  usuario,
  verificacion,
} from '../schema';

/** Marks the orders of this seeder (idempotence: a second run finds them and stops). */
const MARCA = 'demo-aduanas';

const OBSERVACION =
  'Control de declaraciones (172-2026-10-004512): peso neto declarado 10,000.000 kg, documentos 9,800.000 kg, balanza 10,350.000 kg, diferencia 350.000 kg (3.5 %), tolerancia 2 %; bultos declarados 100, contados 98, diferencia -2, tolerancia 0.';

async function nuevaOrden(
  tx: Tx,
  o: {
    empresa: number;
    operacion: number;
    estado: number;
    bultos: number;
    contenedor?: { numero: string; precintos: string };
    observacion?: string;
    hace: number;
  },
) {
  const filas = await tx.execute<{ n: string }>(sql`select nextval('movimiento_codigo_ingreso_seq') as n`);
  const sec = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
  const [a] = await tx.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, o.empresa)).limit(1);
  const fecha = new Date(Date.now() - o.hace * 3_600_000);
  const [m] = await tx
    .insert(movimiento)
    .values({
      codigoIngreso: `OP${String(sec).padStart(7, '0')}`,
      numeroTicket: String(sec).padStart(9, '0'),
      codigoTipoIngreso: 'VH',
      codigoTipoOperacion: o.operacion,
      codigoEmpresaUsuario: o.empresa,
      codigoEmpresaAlmacen: a?.codigoEmpresaAlmacen ?? null,
      codigoTipoMercaderia: 'EXT',
      paisProcedencia: 'CL',
      codigoSalidaAduana: '172',
      fechaIngreso: fecha,
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: String(41000000 + sec).slice(0, 8),
      nombres: 'VICTOR',
      apellidoPaterno: 'CONDORI',
      apellidoMaterno: 'LAURA',
      placaUno: `Z${String(sec % 10)}C-${String(100 + (sec % 900))}`,
      numeroSoat: `S${sec}`.slice(0, 10),
      numeroBrevete: `Q${String(41000000 + sec).slice(0, 8)}`,
      codigoClaseBrevete: 'A-IIIc',
      codigoTipoCarga: o.contenedor ? 2 : 1,
      numeroContenedor: o.contenedor?.numero.replace('-', '') ?? null,
      codigoTipoContenedor: o.contenedor ? '2' : null,
      lineaNaviera: o.contenedor ? '1' : null,
      numeroPrecinto: o.contenedor?.precintos ?? null,
      numeroBultos: o.bultos,
      codigoEstadoMovimiento: o.estado,
      codigoEstadoObservado: o.observacion ? 2 : 0,
      observacion: o.observacion ? `<p>${o.observacion}</p>` : null,
      usuarioRegistro: MARCA,
      fechaRegistro: fecha,
    })
    .returning();
  if (!m) throw new Error('orden demo aduanas');
  return m;
}

async function documentoDam(tx: Tx, m: typeof movimiento.$inferSelect, numero: string, peso: number, producto: string) {
  const [doc] = await tx
    .insert(movimientoDocumento)
    .values({
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoDocumento: '4',
      numeroDocumento: numero,
      descripcionDocumento: 'DUA/DAM IMPORTACIÓN',
    })
    .returning();
  const [c] = await tx
    .insert(catalogoUsuario)
    .values({
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
      descripcion: producto,
      numeroPartida: '8528720000',
      codigoUnidadMedida: 'NIU',
      codigoExistencia: '01',
    })
    .onConflictDoNothing()
    .returning();
  const catalogo =
    c ??
    (
      await tx
        .select()
        .from(catalogoUsuario)
        .where(
          and(
            eq(catalogoUsuario.codigoEmpresaUsuario, m.codigoEmpresaUsuario),
            eq(catalogoUsuario.descripcion, producto),
          ),
        )
        .limit(1)
    )[0];
  if (!doc || !catalogo) throw new Error('documento demo aduanas');
  await tx.insert(movimientoDetalle).values({
    codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
    codigoMovimiento: m.codigoMovimiento,
    codigoCatalogoUsuario: catalogo.codigoCatalogoUsuario,
    cantidad: '100.000',
    peso: peso.toFixed(3),
    valorFOB: '482.50000',
  });
}

/** Stage records an order at `estado` would have (control, weighings with `pesos`, finalized verifications). */
async function etapas(
  tx: Tx,
  m: typeof movimiento.$inferSelect,
  usuarioBalanza: number,
  pesos: [number, number],
  contados: number,
) {
  const tipos =
    ({ 2: [1], 3: [1, 2, 3], 4: [1, 2, 3, 4, 5] } as Record<number, number[]>)[m.codigoEstadoMovimiento] ?? [];
  for (const t of tipos) {
    const neto = Math.abs(pesos[0] - pesos[1]);
    const [c] = await tx
      .insert(controlMovimiento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: t,
        estadoDesde: t === 1 ? 1 : t === 2 ? 2 : t === 3 ? 3 : 4,
        estadoHasta: t === 1 ? 2 : t === 2 ? 3 : t === 4 ? 4 : null,
        codigoTipoBalanza: t === 2 || t === 4 ? 1 : null,
        peso: t === 2 ? String(pesos[0]) : t === 4 ? String(pesos[1]) : null,
        pesoCarreta: t === 2 || t === 4 ? '0' : null,
        pesoBruto: t === 2 ? String(pesos[0]) : t === 4 ? String(Math.max(...pesos)) : null,
        pesoTara: t === 4 ? String(Math.min(...pesos)) : null,
        pesoNeto: t === 4 ? String(neto) : null,
        pesoTotalMercancia: t === 4 ? String(neto) : null,
        finalizado: true,
        fechaFinalizacion: m.fechaRegistro,
        usuarioRegistro: 'balanza',
        codigoUsuarioRegistro: usuarioBalanza,
        fechaRegistro: m.fechaRegistro,
      })
      .returning();
    if (c && (t === 3 || t === 5)) {
      await tx.insert(verificacion).values({
        codigoControlMovimiento: c.codigoControlMovimiento,
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: t,
        codigoTipoCarga: m.codigoTipoCarga ?? 1,
        numeroBultosVerificado: contados,
        fechaRegistro: m.fechaRegistro,
      });
    }
  }
}

const decl = (empresa: number, numero: string, v: Partial<typeof declaracion.$inferInsert>) => {
  const [aduana = '', anio = '', regimen = '', n = ''] = numero.split('-');
  return {
    codigoEmpresaUsuario: empresa,
    numeroDeclaracion: numero,
    numeroCorto: `${aduana}-${anio}-${regimen}-${Number(n)}`,
    codigoAduana: aduana,
    anio: Number(anio),
    codigoRegimen: regimen,
    usuarioRegistro: MARCA,
    ...v,
  };
};

/**
 * Customs demo (DOMAIN.md §10, §12): declarations for demo orders — one observed automatically out of
 * tolerance, one exit waiting for its levante, one with levante and its query history — and two opening acts.
 */
export async function sembrarAduanas(db: Db) {
  const [ya] = await db
    .select({ c: movimiento.codigoMovimiento })
    .from(movimiento)
    .where(eq(movimiento.usuarioRegistro, MARCA))
    .limit(1);
  if (ya) return;
  await db.transaction(async (tx) => {
    const [b] = await tx
      .select({ id: usuario.codigoUsuario })
      .from(usuario)
      .where(eq(usuario.nombreUsuario, 'balanza'));
    const idBalanza = b?.id ?? 1;

    // 1. Out of tolerance: net 10 350 kg against 10 000 declared (3.5 % > 2 %), 98 packages counted of 100.
    const fuera = await nuevaOrden(tx, {
      empresa: 2,
      operacion: 1,
      estado: 4,
      bultos: 100,
      observacion: OBSERVACION,
      hace: 30,
    });
    await documentoDam(tx, fuera, '172-2026-10-004512', 9_800, 'TELEVISOR LED 50 PULGADAS');
    await etapas(tx, fuera, idBalanza, [25_000, 14_650], 98);
    const [d1] = await tx
      .insert(declaracion)
      .values(
        decl(2, '172-2026-10-004512', {
          fechaNumeracion: '2026-11-10',
          rucImportador: '20603547897',
          razonImportador: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
          valorFob: '48250.00',
          flete: '1850.00',
          seguro: '482.50',
          cif: '50582.50',
          pesoBruto: '10450.000',
          pesoNeto: '10000.000',
          totalBultos: 100,
          numeroSeries: 3,
          canal: 'verde',
          estadoLevante: 1,
          fechaLevante: new Date('2026-11-12T05:00:00Z'),
          origen: 'consulta',
        }),
      )
      .returning();
    await tx.insert(declaracionObservacion).values({ codigoMovimiento: fuera.codigoMovimiento, texto: OBSERVACION });
    if (d1)
      await tx.insert(declaracionConsulta).values({
        codigoDeclaracion: d1.codigoDeclaracion,
        numeroDeclaracion: d1.numeroDeclaracion,
        proveedor: 'local',
        levante: true,
        respuesta: {
          numero: d1.numeroDeclaracion,
          fecha_numeracion: '2026-11-10',
          sujeto_a: 'VERDE',
          valorFob: 48250,
          peso_neto: 10000,
          peso_bruto: 10450,
          total_bultos: 100,
          numero_series: 3,
          flete: 1850,
          seguro: 482.5,
          cif: 50582.5,
          numero_importador: '20603547897',
          razon_importador: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
          levante: true,
          fecha_levante: '2026-11-12',
          canal: 'verde',
        },
        usuarioRegistro: 'admin',
      });

    // 2. An exit at the gate whose declaration has no levante yet: exit control refuses it.
    const salida = await nuevaOrden(tx, { empresa: 4, operacion: 2, estado: 4, bultos: 80, hace: 20 });
    await documentoDam(tx, salida, '172-2026-70-000321', 5_200, 'ZAPATILLA DEPORTIVA');
    await etapas(tx, salida, idBalanza, [9_100, 14_310], 80);
    await tx.insert(declaracion).values(
      decl(4, '172-2026-70-000321', {
        fechaNumeracion: '2026-11-16',
        rucImportador: '20532189048',
        razonImportador: 'CALZADOS DEL PACÍFICO S.A.',
        valorFob: '30500.00',
        flete: '1200.00',
        seguro: '305.00',
        cif: '32005.00',
        pesoBruto: '5480.000',
        pesoNeto: '5200.000',
        totalBultos: 80,
        numeroSeries: 4,
        canal: 'rojo',
        origen: 'manual',
      }),
    );

    // 3. Within tolerance, declared by hand, pending weighing.
    const dentro = await nuevaOrden(tx, { empresa: 3, operacion: 1, estado: 2, bultos: 40, hace: 10 });
    await documentoDam(tx, dentro, '172-2026-10-004513', 2_400, 'TABLET 10 PULGADAS');
    await tx.insert(declaracion).values(
      decl(3, '172-2026-10-004513', {
        fechaNumeracion: '2026-11-14',
        rucImportador: '20450123677',
        razonImportador: 'TECNOLOGÍA ALTIPLANO E.I.R.L.',
        valorFob: '12600.00',
        flete: '600.00',
        seguro: '126.00',
        cif: '13326.00',
        pesoBruto: '2550.000',
        pesoNeto: '2400.000',
        totalBultos: 40,
        numeroSeries: 2,
        canal: 'naranja',
        origen: 'documento',
      }),
    );

    // 4. Two container opening acts.
    const actas = [
      {
        numero: 'CSQU305438-3',
        precintos: 'PR-778101, PR-778102',
        encontrados: 'PR-778101, PR-778102',
        obs: 'Carga conforme; se colocan precintos nuevos.',
      },
      {
        numero: 'MSKU907032-3',
        precintos: 'PR-550301',
        encontrados: 'PR-550399',
        obs: 'El precinto encontrado no coincide con el registrado en la orden.',
      },
    ];
    let i = 0;
    for (const a of actas) {
      i += 1;
      const m = await nuevaOrden(tx, {
        empresa: 2,
        operacion: 1,
        estado: 3,
        bultos: 24,
        contenedor: { numero: a.numero, precintos: a.precintos },
        hace: 6 - i,
      });
      const filas = await tx.execute<{ n: string }>(
        sql`select nextval(pg_get_serial_sequence('acta_apertura', 'codigo_acta_apertura')) as n`,
      );
      const n = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
      const [acta] = await tx
        .insert(actaApertura)
        .values({
          codigoActaApertura: n,
          numeroActa: `AC-2026-${String(n).padStart(6, '0')}`,
          codigoEmpresaUsuario: 2,
          codigoMovimiento: m.codigoMovimiento,
          numeroContenedor: a.numero,
          codigoTipoContenedor: '2',
          precintosEncontrados: a.encontrados,
          precintosCoinciden: a.encontrados === a.precintos,
          precintosNuevos: `PR-90${i}001`,
          fechaApertura: m.fechaRegistro,
          personas: [
            { nombre: 'CARLOS PONCE RIVERA', documento: '41234567', calidad: 'operador' },
            { nombre: 'LUCIA MAMANI FLORES', documento: '42345678', calidad: 'empresa' },
            { nombre: 'JORGE SALAS VEGA', documento: null, calidad: 'aduana' },
          ],
          observaciones: a.obs,
          tokenVerificacion: randomBytes(18).toString('base64url'),
          usuarioRegistro: 'balanza',
          codigoUsuarioRegistro: idBalanza,
          fechaRegistro: m.fechaRegistro,
        })
        .returning();
      if (!acta) continue;
      await tx.insert(actaAperturaFoto).values(
        [1, 2].map((k) => ({
          codigoActaApertura: acta.codigoActaApertura,
          nombreArchivo: `apertura-${a.numero}-${k}.jpg`,
          // Generated on request (jpeg-demo.ts), like the verification photos of the demo.
          rutaArchivo: `demo/${900 + i * 10 + k}.jpg`,
          tipoContenido: 'image/jpeg',
          tamanio: 600,
        })),
      );
    }
  });
}
