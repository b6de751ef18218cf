import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digitoVerificadorRuc, type MovimientoFormulario } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import type { Entorno } from './entorno';
import { almacen, catalogoUsuario, persona, transportistaUsuario } from '../src/db/schema';
import { acreditarLote } from '../src/modules/inventario/lotes';

/** Test-only builders of the order module (orders, companies, lots, people), imported by tests only. */
export const directorioTemporal = () => mkdtempSync(join(tmpdir(), 'cronos-mov-'));

export const archivosEnDisco = (d: string): string[] => {
  try {
    return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? archivosEnDisco(join(d, e.name)) : [join(d, e.name)],
    );
  } catch {
    return [];
  }
};

export const RUC_TRANSPORTISTA = '20512333797';
export const rucConDigito = (diez: string) => `${diez}${digitoVerificadorRuc(diez)}`;

/** A company with a warehouse, two catalogue products, a carrier with a valid contract and a driver. */
export async function prepararEmpresa(e: Entorno, datos: Parameters<Entorno['crearEmpresa']>[0] = {}) {
  const empresa = await e.crearEmpresa({ indicadorAlmacenActivo: true, ...datos });
  const [alm] = await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresa.codigoEmpresaUsuario));
  const productos = await e.db
    .insert(catalogoUsuario)
    .values(
      ['TELEVISOR LED 55 PULGADAS', 'ZAPATILLAS DEPORTIVAS', 'WHISKY 12 AÑOS 750ML'].map((descripcion, i) => ({
        codigoEmpresaUsuario: empresa.codigoEmpresaUsuario,
        codigoInterno: `P${empresa.codigoEmpresaUsuario}-${i + 1}`,
        descripcion,
        numeroPartida: ['8528720000', '6404110000', '2208300000'][i] as string,
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      })),
    )
    .returning();
  await e.db.insert(transportistaUsuario).values({
    codigoEmpresaUsuario: empresa.codigoEmpresaUsuario,
    ruc: RUC_TRANSPORTISTA,
    razonSocial: 'TRANSPORTES DEL SUR S.A.C.',
    fechaInicio: '2026-01-01',
    fechaCese: '2026-12-31',
  });
  return {
    empresa,
    almacen: alm?.codigoEmpresaAlmacen as number,
    productos: productos.map((p) => p.codigoCatalogoUsuario),
  };
}

export async function crearLote(
  e: Entorno,
  almacenId: number,
  producto: number,
  cantidad: number,
  numeroDocumento = 'F001-00001',
) {
  return e.db.transaction((tx) =>
    acreditarLote(tx, {
      codigoEmpresaAlmacen: almacenId,
      codigoCatalogoUsuario: producto,
      codigoMovimientoDocumento: null,
      numeroDocumento,
      cantidad,
    }),
  );
}

export async function crearPersona(e: Entorno, dni = '45678912') {
  const [p] = await e.db
    .insert(persona)
    .values({
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: dni,
      apellidoPaterno: 'MAMANI',
      apellidoMaterno: 'QUISPE',
      nombres: 'JUAN CARLOS',
    })
    .onConflictDoNothing()
    .returning();
  return p;
}

/** A valid vehicle order body (entry, loose cargo, one document with the given products). */
export function ordenVehicular(productos: number[], extra: Partial<MovimientoFormulario> = {}): MovimientoFormulario {
  return {
    codigoTipoIngreso: 'VH',
    codigoTipoOperacion: 1,
    codigoTipoMercaderia: 'EXT',
    paisProcedencia: 'CL',
    codigoVia: '2',
    codigoSalidaAduana: '172',
    fechaIngreso: '2026-11-20T15:00:00-05:00',
    numeroDocumentoIdentidad: '45678912',
    codigoTipoDocumentoIdentidad: '1',
    nombres: 'JUAN CARLOS',
    apellidoPaterno: 'MAMANI',
    apellidoMaterno: 'QUISPE',
    rucTransportistaUsuario: RUC_TRANSPORTISTA,
    codigoTipoVehiculo: '5',
    placaUno: 'ABC-123',
    codigoClaseBrevete: 'A-IIIb',
    numeroBrevete: 'A12345678',
    guiaTransportista: '0001-123456',
    codigoTipoCarga: 1,
    numeroBultos: 12,
    documentos: [
      {
        codigoTipoDocumento: '6',
        numeroDocumento: 'inv-2026-001',
        ruc: 'CL7612345',
        razonSocial: 'IMPORTADORA ANDINA LTDA',
        codigoTipoImportador: '2',
        productos: productos.map((p, i) => ({
          codigoCatalogoUsuario: p,
          cantidad: 10 + i,
          peso: 100.5,
          valorFOB: 12.34567,
        })),
      },
    ],
    ...extra,
  };
}
