import { and, asc, eq, type SQL } from 'drizzle-orm';
import { ALMACEN_PRINCIPAL } from '../../db/consultas-comunes';
import type { DbOTx } from '../../db/client';
import { empresaUsuario } from '../../db/schema';

/** Enabled companies by name, each with its main warehouse; only `soloEmpresa` when given. */
export async function empresasHabilitadas(db: DbOTx, soloEmpresa: number | null) {
  const condiciones: SQL[] = [eq(empresaUsuario.estadoAnulado, 0)];
  if (soloEmpresa !== null) condiciones.push(eq(empresaUsuario.codigoEmpresaUsuario, soloEmpresa));
  return db
    .select({
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      ruc: empresaUsuario.ruc,
      codigoEmpresaAlmacen: ALMACEN_PRINCIPAL,
      indicadorRegistroEspecialExcel: empresaUsuario.indicadorRegistroEspecialExcel,
      indicadorAlmacenActivo: empresaUsuario.indicadorAlmacenActivo,
    })
    .from(empresaUsuario)
    .where(and(...condiciones))
    .orderBy(asc(empresaUsuario.razonSocial));
}
