import { fechaLima } from '@cronos/contract';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { cargarConfig } from '../../config';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import {
  almacen,
  catalogoUsuario,
  controlColaboradorEmpresa,
  empresaListaBlanca,
  empresaUsuarioEmpleado,
  kardex,
  lote,
  persona,
  usuario,
} from '../schema';
import { CONTRASENIA_DEMO, darPermisosPorRol } from './demo';
import { ajustarSecuencia } from './referencia';

/**
 * Demo data of the administration screens: company administrators and staff (one disabled), the user 48
 * who may add extensions, catalogue products 'ADM-…' with initial stock for every user company, workers
 * (one past its end date), monthly employment counts and extensions with their PDF. Idempotent: rows have
 * fixed keys and use onConflictDoNothing; the counted parts run only when their table has no demo rows.
 */
export async function sembrarAdministracion(db: Db) {
  const hash = await hashContrasenia(CONTRASENIA_DEMO);
  const usuarios = [
    {
      codigoUsuario: 48,
      nombreUsuario: 'prorrogas',
      codigoRol: 2,
      codigoEmpresaUsuario: 1,
      nombre: 'SONIA',
      apellidoPaterno: 'LUNA',
      apellidoMaterno: 'PARI',
      cargo: 'Encargada de prórrogas',
    },
    {
      nombreUsuario: 'admin.andinas',
      codigoRol: 2,
      codigoEmpresaUsuario: 2,
      nombre: 'RAUL',
      apellidoPaterno: 'MAMANI',
      apellidoMaterno: 'CUTIPA',
      cargo: 'Gerente de operaciones',
    },
    {
      nombreUsuario: 'admin.altiplano',
      codigoRol: 2,
      codigoEmpresaUsuario: 3,
      nombre: 'GLADYS',
      apellidoPaterno: 'TICONA',
      apellidoMaterno: 'QUISPE',
      cargo: 'Administradora',
    },
    {
      nombreUsuario: 'admin.calzados',
      codigoRol: 2,
      codigoEmpresaUsuario: 4,
      nombre: 'HUGO',
      apellidoPaterno: 'APAZA',
      apellidoMaterno: 'LIMA',
      cargo: 'Jefe de planta',
    },
    {
      nombreUsuario: 'tesorero.andinas',
      codigoRol: 9,
      codigoEmpresaUsuario: 2,
      nombre: 'NORA',
      apellidoPaterno: 'CCAMA',
      apellidoMaterno: 'VILCA',
      cargo: 'Contadora',
    },
    {
      nombreUsuario: 'almacen.andinas',
      codigoRol: 8,
      codigoEmpresaUsuario: 2,
      nombre: 'DIEGO',
      apellidoPaterno: 'SUCA',
      apellidoMaterno: 'CHURA',
      cargo: 'Almacenero',
    },
    {
      nombreUsuario: 'ex.empleado',
      codigoRol: 8,
      codigoEmpresaUsuario: 2,
      nombre: 'MARTA',
      apellidoPaterno: 'POMA',
      apellidoMaterno: 'HUANCA',
      cargo: 'Asistente (cesada)',
      estadoAnulado: 1,
    },
  ];
  await db
    .insert(usuario)
    .values(
      usuarios.map((u, i) => ({
        ...u,
        contraseniaHash: hash,
        nivelUsuario: u.codigoRol,
        correoElectronico: `${u.nombreUsuario}@zofratacna.demo`,
        codeTipoDocumentoPeaton: '1',
        numeroDocumentoIdentidad: String(40110020 + i * 37),
        usuarioRegistro: 'sistema',
      })),
    )
    .onConflictDoNothing();
  await ajustarSecuencia(db, 'usuario', 'codigo_usuario');
  await darPermisosPorRol(db);

  await db
    .insert(persona)
    .values(
      [
        ['41234569', 'CHOQUE', 'APAZA', 'ROSARIO'],
        ['42345678', 'VARGAS', 'NINA', 'WILBER'],
        ['43456789', 'CONDORI', 'MAMANI', 'LIZBETH'],
        ['44567890', 'QUISPE', 'HUAMAN', 'ELMER'],
      ].map(([numeroDocumentoIdentidad = '', apellidoPaterno = '', apellidoMaterno = '', nombres = '']) => ({
        codigoTipoDocumentoIdentidad: '1',
        numeroDocumentoIdentidad,
        apellidoPaterno,
        apellidoMaterno,
        nombres,
        fuente: 'demo',
      })),
    )
    .onConflictDoNothing();

  await sembrarCatalogo(db);
  await sembrarTrabajadores(db);
  await sembrarEmpleo(db);
  await sembrarProrrogas(db);
}

const PRODUCTOS: [string, string, string, number][] = [
  ['8517130000', 'TELÉFONO INTELIGENTE 128 GB', 'NIU', 120],
  ['8528720000', 'TELEVISOR LED 55 PULGADAS 4K', 'NIU', 40],
  ['8471300000', 'LAPTOP 14 PULGADAS 16 GB RAM', 'NIU', 35],
  ['6403999000', 'ZAPATO DE CUERO PARA CABALLERO', 'PR', 300],
  ['6109100000', 'CAMISETA DE ALGODÓN TALLA M', 'NIU', 500],
  ['2208300000', 'WHISKY ESCOCÉS 12 AÑOS 750 ML', 'NIU', 240],
  ['9503009900', 'JUGUETE DIDÁCTICO DE MADERA', 'BX', 80],
  ['3305100000', 'CHAMPÚ ANTICASPA 400 ML', 'NIU', 0],
];

async function sembrarCatalogo(db: Db) {
  const [hay] = await db
    .select({ n: count() })
    .from(catalogoUsuario)
    .where(sql`${catalogoUsuario.codigoInterno} like 'ADM-%'`);
  if ((hay?.n ?? 0) > 0) return;
  const almacenes = await db.select().from(almacen);
  // Company 1 (the operator) too: the catalogue screen of levels 1 and 4 opens on it (spec 02 §6).
  for (const c of [1, 2, 3, 4, 5, 6, 7]) {
    const creados = await db
      .insert(catalogoUsuario)
      .values(
        PRODUCTOS.map(([numeroPartida, descripcion, codigoUnidadMedida], i) => ({
          codigoEmpresaUsuario: c,
          codigoInterno: `ADM-${String(i + 1).padStart(3, '0')}`,
          descripcion,
          numeroPartida,
          codigoUnidadMedida,
          codigoExistencia: '01',
          estadoAnulado: i === 6 ? 1 : 0,
          usuarioRegistro: 'sistema',
        })),
      )
      .onConflictDoNothing()
      .returning();
    const a = almacenes.find((x) => x.codigoEmpresaUsuario === c);
    if (!a) continue;
    for (const p of creados) {
      const stock = PRODUCTOS.find((x) => x[1] === p.descripcion)?.[3] ?? 0;
      if (stock <= 0) continue;
      const [l] = await db
        .insert(lote)
        .values({
          codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
          codigoCatalogoUsuario: p.codigoCatalogoUsuario,
          numeroDocumento: 'STOCK INICIAL',
          cantidadIngresada: String(stock),
          cantidadStock: String(stock),
        })
        .returning();
      if (l) {
        await db.insert(kardex).values({
          codigoLote: l.codigoLote,
          codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
          codigoCatalogoUsuario: p.codigoCatalogoUsuario,
          tipo: 'E',
          cantidad: l.cantidadStock,
          saldoLote: l.cantidadStock,
          usuarioRegistro: 'sistema',
        });
      }
    }
  }
}

async function sembrarTrabajadores(db: Db) {
  const personas = await db.select().from(persona).where(eq(persona.fuente, 'demo'));
  const hoy = fechaLima(new Date());
  const base = (c: number, i: number) => ({
    codigoEmpresaUsuario: c,
    condicionLaboral: '1',
    codigoCargo: ['Almacenero', 'Montacarguista', 'Vendedora', 'Supervisor de turno'][i % 4] ?? 'Operario',
    codigoControl: `T-${c}${String(i + 1).padStart(3, '0')}`,
    fechaInicioContrato: '2025-03-01',
    lunes: 1,
    martes: 1,
    miercoles: 1,
    jueves: 1,
    viernes: 1,
    sabado: i % 2,
    domingo: 0,
    usuarioRegistro: 'sistema',
  });
  const filas = [2, 3, 4, 6].flatMap((c) => [
    ...personas.slice(0, 3).map((p, i) => ({
      ...base(c, i),
      codeTipoDocumentoPeaton: '1',
      numeroDocumentoIdentidad: p.numeroDocumentoIdentidad,
      apellidoPaterno: p.apellidoPaterno,
      apellidoMaterno: p.apellidoMaterno,
      nombre: p.nombres,
      codigoPersona: p.codigoPersona,
      genero: i === 2 ? 'F' : 'M',
      nacionalidad: 'PE',
      // The third one left the company: its row shows in red.
      fechaVencimientoContrato: i === 2 ? '2026-06-30' : null,
    })),
    {
      ...base(c, 3),
      codeTipoDocumentoPeaton: '4',
      numeroDocumentoIdentidad: `98765${c}321`,
      apellidoPaterno: 'GONZALEZ',
      apellidoMaterno: 'SOTO',
      nombre: 'CAMILA',
      genero: 'F',
      nacionalidad: 'CL',
      placa: 'ZAB-123',
      fechaInicioSoat: '2026-01-01',
      fechaFinSoat: hoy > '2026-12-31' ? hoy : '2026-12-31',
    },
  ]);
  await db.insert(controlColaboradorEmpresa).values(filas).onConflictDoNothing();
}

async function sembrarEmpleo(db: Db) {
  const meses = ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
  // Company 1 too: the company profile of the operator's staff opens on it.
  const filas = [1, 2, 3, 4, 5, 6].flatMap((c) =>
    meses.map((anioMes, i) => ({
      codigoEmpresaUsuario: c,
      anioMes,
      numeroPeruana: 10 + c + i,
      numeroPeruano: 14 + c * 2 + i,
      numeroExtranjero: c % 3,
      numeroEmpleadoIndirecto: 3 + i,
      usuarioRegistro: 'sistema',
    })),
  );
  // April was entered by mistake and disabled: a red row that offers only Habilitar.
  const deshabilitados = [2, 3, 4, 5, 6].map((c) => ({
    codigoEmpresaUsuario: c,
    anioMes: '2026-04',
    numeroPeruana: 1,
    numeroPeruano: 1,
    numeroExtranjero: 0,
    numeroEmpleadoIndirecto: 0,
    estadoAnulado: 1,
    usuarioRegistro: 'sistema',
  }));
  await db
    .insert(empresaUsuarioEmpleado)
    .values([...filas, ...deshabilitados])
    .onConflictDoNothing();
}

/** A one-page PDF, written under the files directory so the demo extensions download. */
const PDF_DEMO = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 70>>stream
BT /F1 18 Tf 72 760 Td (Resolucion de prorroga - documento de demostracion) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

async function sembrarProrrogas(db: Db) {
  const [hay] = await db.select({ n: count() }).from(empresaListaBlanca);
  if ((hay?.n ?? 0) > 0) return;
  const rutaArchivo = 'demo/prorroga-demo.pdf';
  try {
    const destino = resolve(cargarConfig(process.env).archivosDir, rutaArchivo);
    await mkdir(dirname(destino), { recursive: true });
    await writeFile(destino, PDF_DEMO);
  } catch {
    // Without a writable files directory the rows still list; their download answers 404.
  }
  const comun = {
    rutaArchivo,
    nombreArchivo: 'resolucion-prorroga.pdf',
    tamanio: PDF_DEMO.length,
    codigoUsuario: 48,
    usuarioRegistro: 'prorrogas',
  };
  await db.insert(empresaListaBlanca).values([
    {
      ...comun,
      codigoEmpresaUsuario: 5,
      fechaExpiracionHasta: '2026-03-31',
      documentoAutorizacion: 'RES-0012-2025-ZOFRA',
      estadoRegistro: 0,
    },
    {
      ...comun,
      codigoEmpresaUsuario: 5,
      fechaExpiracionHasta: '2027-03-31',
      documentoAutorizacion: 'RES-0101-2026-ZOFRA',
    },
    {
      ...comun,
      codigoEmpresaUsuario: 7,
      fechaExpiracionHasta: '2027-01-15',
      documentoAutorizacion: 'RES-0088-2026-ZOFRA',
    },
  ]);
}
