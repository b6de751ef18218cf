import { formatearPartida } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('tariff headings list', () => {
  it('finds a heading searched as the screen shows it, with its dots or spaces', async () => {
    const s = await e.sesion(1, 1);
    const primera = (await s.get('/api/Arancel/ListarDatos?limit=1')).json().data[0] as { numeroPartida: string };
    const numero = primera.numeroPartida;
    const buscar = async (valor: string) => {
      const r = await s.get(`/api/Arancel/ListarDatos?Columna=numeroPartida&Valor=${encodeURIComponent(valor)}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data as { numeroPartida: string }[]).map((f) => f.numeroPartida);
    };
    // As printed in the list (0805.10.00.00), the first part of it (0805.10), spaced, and as stored.
    expect(await buscar(formatearPartida(numero))).toEqual([numero]);
    expect(await buscar(formatearPartida(numero).slice(0, 7))).toContain(numero);
    expect(await buscar(`${numero.slice(0, 4)} ${numero.slice(4, 6)}`)).toContain(numero);
    expect(await buscar(numero)).toEqual([numero]);
    // The description is searched as typed: its dots are text.
    const r = await s.get('/api/Arancel/ListarDatos?Columna=descripcion&Valor=...');
    expect(r.json().data.every((f: { descripcion: string }) => f.descripcion.includes('...'))).toBe(true);
  });
});
