import { describe, expect, it } from 'vitest';
import { cabeceraIdempotencia, terminarIdempotencia } from './idempotencia';

describe('claves de idempotencia del cliente', () => {
  it('tras un fallo de red, el mismo envío reutiliza la clave; tras una respuesta, la siguiente es nueva', () => {
    const a = cabeceraIdempotencia('POST', '/Orden/Guardar', '{"x":1}');
    terminarIdempotencia(a.firma, false);
    const b = cabeceraIdempotencia('POST', '/Orden/Guardar', '{"x":1}');
    expect(b.cabecera['idempotency-key']).toBe(a.cabecera['idempotency-key']);
    terminarIdempotencia(b.firma, true);
    const c = cabeceraIdempotencia('POST', '/Orden/Guardar', '{"x":1}');
    expect(c.cabecera['idempotency-key']).not.toBe(a.cabecera['idempotency-key']);
    terminarIdempotencia(c.firma, true);
  });

  it('otro cuerpo u otra ruta llevan otra clave', () => {
    const a = cabeceraIdempotencia('POST', '/Orden/Guardar', '{"x":1}');
    const b = cabeceraIdempotencia('POST', '/Orden/Guardar', '{"x":2}');
    const c = cabeceraIdempotencia('POST', '/Orden/Otra', '{"x":1}');
    expect(new Set([a, b, c].map((r) => r.cabecera['idempotency-key'])).size).toBe(3);
    for (const r of [a, b, c]) terminarIdempotencia(r.firma, true);
  });

  it('las lecturas y las subidas (FormData) no llevan clave', () => {
    expect(cabeceraIdempotencia('GET', '/Orden/Listar', undefined).cabecera).toEqual({});
    expect(cabeceraIdempotencia('POST', '/Archivo/Subir', new FormData()).cabecera).toEqual({});
  });
});
