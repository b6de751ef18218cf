import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

it("with external consultations off the levante query answers 'Error, Activar consultas externas SUNAT'", async () => {
  const s = await e.sesion(8, 1);
  const r = await s.get('/api/Movimiento/ConsultarLevante?NumeroDeclaracion=172-2026-10-004512');
  expect(r.statusCode).toBe(422);
  expect(r.json().message).toBe(M.levanteInactivo);
});
