import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobarOrdenes } from '../../../test/orden-lista';
import { importador } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('Importador/ListarImportador sorted by a header', () => {
  it('sorts by RUC and by name, both ways, over every page; by name otherwise; a disabled importer is not listed', async () => {
    const c = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const filas: [string, string, number][] = [
      ['20600000011', 'IMPORTADORA SUR S.A.C.', 0],
      ['20100000022', 'COMERCIAL ANDINA S.A.', 0],
      ['20400000033', 'BAZAR TACNA E.I.R.L.', 0],
      ['20300000044', 'COMERCIAL ANDINA S.A.', 0],
      ['20000000055', 'AAA DADA DE BAJA', 1],
    ];
    await e.db.insert(importador).values(
      filas.map(([ruc, razonSocial, estadoAnulado]) => ({
        codigoEmpresaUsuario: c,
        ruc,
        razonSocial,
        estadoAnulado,
      })),
    );
    type Fila = { codigoImportador: number; ruc: string; razonSocial: string };
    const claves = { ruc: (f: Fila) => [f.ruc], razonSocial: (f: Fila) => [f.razonSocial] };
    const propia = await e.sesion(8, c);
    const zona = await e.sesion(1, 1);
    for (const [s, url] of [
      [propia, '/api/Importador/ListarImportador'],
      [zona, `/api/Importador/ListarImportador?CodigoEmpresaUsuario=${c}`],
    ] as const) {
      const propio = await comprobarOrdenes<Fila>({ get: s.get, url, id: (f) => f.codigoImportador, claves });
      expect(propio).toHaveLength(4);
    }
    const porNombre = (await propia.get('/api/Importador/ListarImportador')).json().data as Fila[];
    expect(porNombre.map((f) => f.ruc)).toEqual(['20400000033', '20100000022', '20300000044', '20600000011']);
  });
});
