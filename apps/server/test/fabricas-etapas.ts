import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  almacen,
  balanza,
  catalogoUsuario,
  kardex,
  lote,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  reservaLote,
} from '../src/db/schema';

export interface LineaFabrica {
  descripcion?: string;
  cantidad: number;
  /** For exit orders: the lot the line reserves from (created with this stock when missing). */
  reservarDe?: { codigoLote: number };
}

export interface OpcionesMovimiento {
  codigoEmpresaUsuario: number;
  codigoTipoIngreso?: 'VH' | 'PE' | 'PT';
  codigoTipoOperacion?: number;
  codigoEstadoMovimiento?: number;
  codigoEstadoObservado?: number;
  codigoTipoCarga?: number;
  numeroDocumentoIdentidad?: string;
  lineas?: LineaFabrica[];
}

/**
 * Movements created directly (not through the order-registration API): a document, catalogue products
 * and lines, and for exit orders the reservations a registration would have made.
 */
export function fabricaEtapas(db: Db) {
  let n = 0;
  async function crearMovimiento(o: OpcionesMovimiento) {
    n += 1;
    const filas = await db.execute<{ n: string }>(sql`select nextval('movimiento_codigo_ingreso_seq') as n`);
    const sec = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
    const [a] = await db
      .select()
      .from(almacen)
      .where(eq(almacen.codigoEmpresaUsuario, o.codigoEmpresaUsuario))
      .limit(1);
    const vehicular = (o.codigoTipoIngreso ?? 'VH') !== 'PE';
    const [m] = await db
      .insert(movimiento)
      .values({
        codigoIngreso: `OP${String(sec).padStart(7, '0')}`,
        numeroTicket: `T${String(sec).padStart(7, '0')}`,
        codigoTipoIngreso: o.codigoTipoIngreso ?? 'VH',
        codigoTipoOperacion: o.codigoTipoOperacion ?? 1,
        codigoEmpresaUsuario: o.codigoEmpresaUsuario,
        codigoEmpresaAlmacen: a?.codigoEmpresaAlmacen ?? null,
        codigoTipoMercaderia: 'EXT',
        fechaIngreso: new Date('2026-11-20T13:00:00Z'),
        codigoTipoDocumentoIdentidad: '1',
        numeroDocumentoIdentidad: o.numeroDocumentoIdentidad ?? String(40000000 + sec),
        nombres: 'JUAN',
        apellidoPaterno: 'PEREZ',
        apellidoMaterno: 'QUISPE',
        placaUno: vehicular ? `Z${String(sec % 100).padStart(2, '0')}-${String(100 + (sec % 900))}` : null,
        numeroSoat: vehicular ? '1234567' : null,
        numeroBrevete: vehicular ? 'Q40001234' : null,
        codigoTipoCarga: o.codigoTipoCarga ?? 1,
        numeroBultos: 10,
        codigoEstadoMovimiento: o.codigoEstadoMovimiento ?? 1,
        codigoEstadoObservado: o.codigoEstadoObservado ?? 0,
        usuarioRegistro: 'prueba',
      })
      .returning();
    if (!m) throw new Error('movimiento');
    const [doc] = await db
      .insert(movimientoDocumento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoDocumento: '1',
        numeroDocumento: `F001-${String(sec).padStart(6, '0')}`,
      })
      .returning();
    if (!doc) throw new Error('documento');
    const lineas = [];
    for (const [i, l] of (o.lineas ?? [{ cantidad: 10 }, { cantidad: 2.5 }]).entries()) {
      const [c] = await db
        .insert(catalogoUsuario)
        .values({
          codigoEmpresaUsuario: o.codigoEmpresaUsuario,
          descripcion: l.descripcion ?? `PRODUCTO ${n}-${i + 1}`,
          numeroPartida: '8517130000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '01',
        })
        .returning();
      if (!c) throw new Error('catalogo');
      const [d] = await db
        .insert(movimientoDetalle)
        .values({
          codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
          codigoMovimiento: m.codigoMovimiento,
          codigoCatalogoUsuario: c.codigoCatalogoUsuario,
          cantidad: l.cantidad.toFixed(3),
          peso: '1.000',
        })
        .returning();
      if (!d) throw new Error('detalle');
      if (l.reservarDe) {
        await db
          .update(lote)
          .set({ cantidadReservada: sql`${lote.cantidadReservada} + ${l.cantidad.toFixed(3)}::numeric` })
          .where(eq(lote.codigoLote, l.reservarDe.codigoLote));
        await db.insert(reservaLote).values({
          codigoLote: l.reservarDe.codigoLote,
          codigoMovimientoDetalle: d.codigoMovimientoDetalle,
          cantidad: l.cantidad.toFixed(3),
        });
      }
      lineas.push({ ...d, catalogo: c });
    }
    return { ...m, documento: doc, lineas };
  }

  /** A lot with stock of a new product of the company (what an earlier entry left). */
  async function crearLote(codigoEmpresaUsuario: number, cantidad: number) {
    const [a] = await db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, codigoEmpresaUsuario)).limit(1);
    const [c] = await db
      .insert(catalogoUsuario)
      .values({
        codigoEmpresaUsuario,
        descripcion: 'PRODUCTO EN STOCK',
        numeroPartida: '6403999000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      })
      .returning();
    if (!a || !c) throw new Error('lote');
    const [l] = await db
      .insert(lote)
      .values({
        codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: c.codigoCatalogoUsuario,
        numeroDocumento: 'INICIAL',
        cantidadIngresada: cantidad.toFixed(3),
        cantidadStock: cantidad.toFixed(3),
      })
      .returning();
    if (!l) throw new Error('lote');
    // Its ledger entry, as every credit writes one (the kardex keeps the product's balance from it).
    await db.insert(kardex).values({
      codigoLote: l.codigoLote,
      codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
      codigoCatalogoUsuario: c.codigoCatalogoUsuario,
      tipo: 'E',
      cantidad: cantidad.toFixed(3),
      saldoLote: cantidad.toFixed(3),
    });
    return l;
  }

  /** Points a scale type at an indicator (a simulator of the test). */
  async function configurarBalanza(tipo: number, protocolo: string, puerto: number, host = '127.0.0.1') {
    await db
      .insert(balanza)
      .values({ codigoTipoBalanza: tipo, protocolo, host, puerto, activo: true })
      .onConflictDoUpdate({ target: balanza.codigoTipoBalanza, set: { protocolo, host, puerto, activo: true } });
  }

  return { crearMovimiento, crearLote, configurarBalanza };
}

/** A minimal valid JPEG (1×1 px) and PNG, for uploads. */
export const JPEG_MINIMO = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** A multipart body with text fields and files, for app.inject. */
export function multipart(
  campos: Record<string, string | number>,
  archivos: { campo: string; nombre: string; contenido: Buffer; tipo?: string }[],
) {
  const limite = `----cronos${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const a of archivos) {
    partes.push(
      Buffer.from(
        `--${limite}\r\nContent-Disposition: form-data; name="${a.campo}"; filename="${a.nombre}"\r\nContent-Type: ${a.tipo ?? 'image/jpeg'}\r\n\r\n`,
      ),
      a.contenido,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}
