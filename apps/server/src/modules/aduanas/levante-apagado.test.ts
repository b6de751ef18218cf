import { afterAll, beforeAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { declaracion, declaracionConsulta } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => e.cerrar());

it("con las consultas externas apagadas la consulta de levante dice 'Error, Activar consultas externas SUNAT' y no guarda nada", async () => {
  const s = await e.sesion(1, 1);
  const r = await s.post('/api/Declaracion/ConsultarLevante', { data: { NumeroDeclaracion: '172-2026-10-004512' } });
  expect(r.statusCode).toBe(422);
  expect(r.json().message).toBe('Error, Activar consultas externas SUNAT');
  expect((await e.db.select({ n: count() }).from(declaracion))[0]?.n).toBe(0);
  expect((await e.db.select({ n: count() }).from(declaracionConsulta))[0]?.n).toBe(0);
});
