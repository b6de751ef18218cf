import { randomBytes } from 'node:crypto';
import { DIAS_VIGENCIA_CERTIFICADO, fechaLima, sumarDias } from '@cronos/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import {
  catalogoUsuario,
  certificadoManufactura,
  certificadoManufacturaDetalle,
  empresaUsuario,
  usuario,
} from '../schema';
import { CONTRASENIA_DEMO, darPermisosPorRol } from './demo';

/**
 * Manufacture certificates in every state (awaiting, rejected, authorized and valid, authorized and expired,
 * disabled, and a stale request past its validity), for the manufacturing companies 6 and 4, plus the company
 * administrator 'fabricante' (level 2 of company 6: request buttons are for levels 1, 2 and 4, spec 02 §6).
 * Runs once: it does nothing when any certificate exists.
 */
export async function sembrarCertificados(db: Db) {
  const [hay] = await db.select({ n: count() }).from(certificadoManufactura);
  if ((hay?.n ?? 0) > 0) return;
  const empresas = await db
    .select({
      c: empresaUsuario.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      ruc: empresaUsuario.ruc,
      direccion: empresaUsuario.direccion,
    })
    .from(empresaUsuario)
    .where(inArray(empresaUsuario.codigoEmpresaUsuario, [2, 4, 6]));
  const empresa = new Map(empresas.map((e) => [e.c, e]));
  if (!empresa.has(6) || !empresa.has(4) || !empresa.has(2)) return;

  await db
    .insert(usuario)
    .values({
      nombreUsuario: 'fabricante',
      contraseniaHash: await hashContrasenia(CONTRASENIA_DEMO),
      nombre: 'SONIA',
      apellidoPaterno: 'MAMANI',
      apellidoMaterno: 'CUTIPA',
      cargo: 'Jefa de producción',
      codigoRol: 2,
      nivelUsuario: 2,
      codigoEmpresaUsuario: 6,
      correoElectronico: 'fabricante@zofratacna.demo',
      usuarioRegistro: 'sistema',
    })
    .onConflictDoNothing();
  await darPermisosPorRol(db);

  const productos: [number, string, string, string, string][] = [
    [6, 'CER-001', 'POLO DE ALGODÓN PIMA MANGA CORTA', '6109100031', 'NIU'],
    [6, 'CER-002', 'CHOMPA DE FIBRA DE ALPACA', '6110111000', 'NIU'],
    [6, 'CER-003', 'MANTA TEJIDA DE LANA DE OVINO', '6301200000', 'NIU'],
    [6, 'CER-004', 'TELA DE TEJIDO PLANO DE ALGODÓN', '5208520000', 'MTR'],
    [4, 'CER-101', 'ZAPATO DE CUERO PARA CABALLERO', '6403990000', 'PR'],
    [4, 'CER-102', 'BOTÍN DE CUERO PARA DAMA', '6403910000', 'PR'],
    [4, 'CER-103', 'SANDALIA DE CAUCHO', '6402200000', 'PR'],
    [2, 'CER-201', 'ENVASE DE VIDRIO DE 750 ML', '7010904000', 'NIU'],
  ];
  await db
    .insert(catalogoUsuario)
    .values(
      productos.map(([codigoEmpresaUsuario, codigoInterno, descripcion, numeroPartida, codigoUnidadMedida]) => ({
        codigoEmpresaUsuario,
        codigoInterno,
        descripcion,
        numeroPartida,
        codigoUnidadMedida,
        codigoExistencia: '02',
        usuarioRegistro: 'sistema',
      })),
    )
    .onConflictDoNothing();
  const catalogo = await db
    .select()
    .from(catalogoUsuario)
    .where(
      inArray(
        catalogoUsuario.codigoInterno,
        productos.map((p) => p[1]),
      ),
    );
  const deEmpresa = (c: number) => catalogo.filter((p) => p.codigoEmpresaUsuario === c);

  const [tesorero] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, 'tesorero')).limit(1);
  const hoy = fechaLima(new Date());
  const casos: { empresa: number; haceDias: number; estado: 1 | 2 | 3; anulado?: boolean; observaciones?: string }[] = [
    { empresa: 6, haceDias: 0, estado: 1 },
    { empresa: 4, haceDias: 1, estado: 1 },
    { empresa: 6, haceDias: 30, estado: 3, observaciones: 'Conforme con la inspección de planta.' },
    { empresa: 4, haceDias: 60, estado: 3 },
    { empresa: 4, haceDias: 200, estado: 3 },
    { empresa: 6, haceDias: 400, estado: 3 },
    { empresa: 6, haceDias: 12, estado: 2, observaciones: 'No adjunta el acta de producción firmada.' },
    { empresa: 2, haceDias: 3, estado: 1, anulado: true },
    { empresa: 6, haceDias: 190, estado: 1 },
  ];
  for (const caso of [...casos].sort((a, b) => b.haceDias - a.haceDias)) {
    const e = empresa.get(caso.empresa);
    const lineas = deEmpresa(caso.empresa);
    if (!e || !lineas.length) continue;
    const inicio = sumarDias(hoy, -caso.haceDias);
    // Never in the future: a demo request "of today" seeded after midnight must not sort above real ones.
    const ahora = Date.now();
    const registro = new Date(Math.min(new Date(`${inicio}T14:30:00Z`).getTime(), ahora - 3_600_000));
    const autorizado = caso.estado === 3;
    let numeroCertificado: string | null = null;
    if (autorizado) {
      const r = await db.execute(sql`select nextval('certificado_manufactura_numero_seq')::int as n`);
      const n = (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      numeroCertificado = `CM-${inicio.slice(0, 4)}-${String(n).padStart(6, '0')}`;
    }
    const atendido = caso.estado !== 1;
    const [c] = await db
      .insert(certificadoManufactura)
      .values({
        codigoEmpresaUsuario: caso.empresa,
        fechaEmision: inicio,
        fechaFinVigencia: sumarDias(inicio, DIAS_VIGENCIA_CERTIFICADO),
        codigoEstadoAutorizado: caso.estado,
        numeroCertificado,
        tokenVerificacion: autorizado ? randomBytes(24).toString('base64url') : null,
        observaciones: caso.observaciones ?? null,
        opcionNuevaFuncionalidad: autorizado,
        opcionGeneraValor: autorizado && caso.empresa === 6,
        razonSocialEmision: autorizado ? e.razonSocial : null,
        rucEmision: autorizado ? e.ruc : null,
        direccionEmision: autorizado ? e.direccion : null,
        nombreAutorizador:
          atendido && tesorero ? `${tesorero.nombre} ${tesorero.apellidoPaterno} ${tesorero.apellidoMaterno}` : null,
        codigoUsuarioAutorizacion: atendido ? (tesorero?.codigoUsuario ?? null) : null,
        fechaAutorizacion: atendido ? new Date(Math.min(registro.getTime() + 6 * 3_600_000, ahora - 60_000)) : null,
        estadoAnulado: caso.anulado ? 1 : 0,
        usuarioRegistro: caso.empresa === 6 ? 'fabricante' : 'balanza',
        fechaRegistro: registro,
      })
      .returning({ codigo: certificadoManufactura.codigoCertificadoManufactura });
    if (!c) continue;
    await db.insert(certificadoManufacturaDetalle).values(
      lineas.slice(0, 3).map((p, i) => ({
        codigoCertificadoManufactura: c.codigo,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        descripcionProducto: p.descripcion,
        numeroPartida: p.numeroPartida,
        codigoUnidadMedida: p.codigoUnidadMedida,
        cantidad: String(500 * (i + 1) + caso.haceDias),
        cantidadBulto: String(20 * (i + 1)),
        codigoTipoBulto: '1',
        pesoNeto: String(120.5 * (i + 1)),
        pesoBruto: String(131.25 * (i + 1)),
        orden: i + 1,
      })),
    );
  }
}
