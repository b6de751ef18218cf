import { type SQL, sql } from 'drizzle-orm';
import type { FilaBd } from './reporte.repository';

/**
 * The workbook's shared-strings table for an export of op2's or op4's kept lines, whose repeated texts are cells
 * `<c t="s"><v>codigo</v></c>` (filas-mantenidas.repository.ts): entry `codigo` of the table is the text of
 * `reporte_texto.codigo`. The dictionary only grows (texts are added by the renewals, never changed or removed), so
 * the table read after the lines, in the export's snapshot on a PostgreSQL server or later on the embedded database,
 * holds every text they name.
 *
 * A company's export (`empresa`) writes only the texts its lines name (`reporte_texto_empresa`) and leaves the other
 * entries blank: the positions stay those the lines name, and the file holds no name, product or other text that only
 * other companies' lines have. The table ends at the last entry it writes.
 */

/** Entries read per statement: the table is a few texts per product of each catalogue, read in keyset batches. */
const POR_LECTURA = 20_000;

export async function textosCompartidos(
  leer: (q: SQL) => Promise<FilaBd[]>,
  empresa: number | null,
): Promise<(string | null)[]> {
  const textos: (string | null)[] = [];
  let desde = -1;
  for (;;) {
    const filas = await leer(sql`select t.codigo, t.texto from reporte_texto t
      where t.codigo > ${desde}::int ${
        empresa === null
          ? sql``
          : sql`and exists (select 1 from reporte_texto_empresa y where y.codigo_empresa_usuario = ${empresa}::int and y.codigo = t.codigo)`
      }
      order by t.codigo limit ${POR_LECTURA}::int`);
    for (const r of filas) {
      const codigo = Number(r.codigo);
      while (textos.length < codigo) textos.push(null);
      textos.push(String(r.texto));
    }
    const ultima = filas.at(-1);
    if (!ultima || filas.length < POR_LECTURA) return textos;
    desde = Number(ultima.codigo);
  }
}
