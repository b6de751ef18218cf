import { filtroReporte, REPORTES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { controlMovimiento, movimiento } from '../../db/schema';
import type { Actor } from '../../platform/contexto';
import { lotesXmlOp1 } from './reporte.repository';
import { sembrarDatosReporte } from '../../../test/reportes';
import { numerarFilaXml, renderizadorFilas } from './excel';
import { recorrer, resolverFiltro } from './reporte.service';

let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

/** Text that needs every rule: blanks at both ends, the XML specials, a control character, a formula sign. */
const INCOMODO = ' TRANSPORTES "A&B" <SUR>\u0001 ';

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
  const [primero] = await e.db.select().from(movimiento).limit(1);
  if (!primero) throw new Error('sin órdenes');
  await e.db
    .update(movimiento)
    .set({ razonSocialTransportistaUsuario: INCOMODO, numeroDeclaracion: '-11820' })
    .where(eq(movimiento.codigoMovimiento, primero.codigoMovimiento));
  // A weighing one second after Lima midnight: the smallest time fraction, and a date that differs from UTC's.
  await e.db
    .update(controlMovimiento)
    .set({ fechaRegistro: new Date('2026-03-11T05:00:01Z') })
    .where(eq(controlMovimiento.codigoMovimiento, primero.codigoMovimiento));
});
afterAll(async () => e.cerrar());

/** The same number written either way (1e-05 or 0.00001) compares equal. */
const normalizar = (xml: string) => xml.replace(/<v>([^<]*)<\/v>/g, (_t, v: string) => `<v>${Number(v)}</v>`);

describe('op1 rows rendered by the database', () => {
  it('are the rows the writer renders from the screen rows, batch after batch, numbered on', async () => {
    const operador = { codigoEmpresaUsuario: 1 } as Actor;
    for (const q of [
      { CodigoEmpresaUsuario: -1 },
      { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario, DesdeFecha: '2026-01-01', HastaFecha: '2026-12-31' },
    ]) {
      const f = resolverFiltro(operador, 'op1', filtroReporte.parse(q));
      const renderizar = renderizadorFilas(REPORTES.op1.columnas);
      let esperado = '';
      let n = 0;
      for await (const lote of recorrer(e.db, f)) for (const fila of lote) esperado += renderizar(fila, ++n + 1);

      let obtenido = '';
      let filas = 0;
      let lotes = 0;
      for await (const lote of lotesXmlOp1(e.db, f, { tamanio: 2, paralelo: 2 })) {
        for (const x of lote) obtenido += numerarFilaXml(x, ++filas + 1);
        lotes += 1;
      }
      expect(n).toBeGreaterThan(2);
      expect(filas).toBe(n);
      expect(lotes).toBe(Math.ceil(n / 2));
      expect(normalizar(obtenido)).toBe(normalizar(esperado));
    }
  });

  it('escape, keep blanks, drop control characters and mark formula-looking text', async () => {
    const f = resolverFiltro({ codigoEmpresaUsuario: 1 } as Actor, 'op1', filtroReporte.parse({}));
    let xml = '';
    let fila = 1;
    for await (const lote of lotesXmlOp1(e.db, f)) for (const x of lote) xml += numerarFilaXml(x, ++fila);
    expect(xml).toContain('<t xml:space="preserve"> TRANSPORTES &quot;A&amp;B&quot; &lt;SUR&gt; </t>');
    expect(xml).toMatch(/<c r="L\d+" t="inlineStr" s="6"><is><t>-11820<\/t><\/is><\/c>/);
    expect(xml).toMatch(
      /<c r="O\d+" s="4"><v>46092<\/v><\/c><c r="P\d+" s="5"><v>(1\.1574074074074073e-0?5|0\.000011574074074074073)<\/v>/,
    );
  });
});
