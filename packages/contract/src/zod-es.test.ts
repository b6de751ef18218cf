import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consultaPaginada, entero, POR_PAGINA_MAXIMO } from './comun';
import { configurarZodEspanol } from './zod-es';

/** Every kind of check zod makes, with no message of ours: the text a user would read must be Spanish. */
const INGLES = /\b(invalid|expected|received|too (small|big)|must|should|string|number|unrecognized|option|input)\b/i;

const casos: [string, z.ZodType, unknown][] = [
  ['tipo', z.string(), 5],
  ['requerido', z.object({ a: z.string() }), {}],
  ['texto corto', z.string().min(3), 'a'],
  ['texto largo', z.string().max(2), 'abc'],
  ['número menor', z.number().min(1), 0],
  ['número mayor', z.number().max(1), 2],
  ['entero', z.number().int(), 1.5],
  ['múltiplo', z.number().multipleOf(5), 7],
  ['lista corta', z.array(z.string()).min(1), []],
  ['correo', z.email(), 'x'],
  ['url', z.url(), 'x'],
  ['patrón', z.string().regex(/^\d+$/), 'a'],
  ['fecha', z.iso.date(), '2026-13-40'],
  ['enumeración', z.enum(['a', 'b']), 'c'],
  ['literal', z.literal('true'), 'false'],
  ['unión', z.union([z.string(), z.number()]), true],
  ['claves', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
  ['fecha objeto', z.date(), 'hoy'],
  ['registro', z.record(z.enum(['a']), z.string()), { b: 'x' }],
];

beforeAll(() => configurarZodEspanol());

describe('zod speaks Spanish', () => {
  it.each(casos)('%s', (_nombre, esquema, valor) => {
    const r = esquema.safeParse(valor);
    expect(r.success).toBe(false);
    for (const issue of r.error?.issues ?? []) {
      expect(issue.message, issue.message).not.toMatch(INGLES);
      expect(issue.message.length).toBeGreaterThan(5);
    }
  });
});

describe('a number of a query or form (entero)', () => {
  const mensajes = (esquema: z.ZodType, valor: unknown) =>
    (esquema.safeParse(valor).error?.issues ?? []).map((i) => i.message);

  it('says what is wrong: not a number, not whole, below or above its limits', () => {
    expect(mensajes(consultaPaginada, { PageNumber: 'x' })).toEqual(['Debe ser un número']);
    expect(mensajes(consultaPaginada, { PageNumber: '1.5' })).toEqual(['Debe ser un número entero']);
    expect(mensajes(consultaPaginada, { PageNumber: '0' })).toEqual(['Debe ser como mínimo 1']);
    expect(mensajes(consultaPaginada, { limit: '1000' })).toEqual([`Debe ser como máximo ${POR_PAGINA_MAXIMO}`]);
    expect(mensajes(entero().positive(), '0')).toEqual(['Debe ser mayor que 0']);
    expect(consultaPaginada.parse({ PageNumber: '2', limit: '20' })).toMatchObject({ PageNumber: 2, limit: 20 });
  });
});

describe('the messages a user meets most', () => {
  const mensajes = (esquema: z.ZodType, valor: unknown) =>
    (esquema.safeParse(valor).error?.issues ?? []).map((i) => i.message);

  it('says a missing field is required, and a text’s limit in characters', () => {
    expect(mensajes(z.object({ fecha: z.string() }), {})).toEqual(['Este es un campo requerido']);
    expect(mensajes(z.object({ n: z.number() }), {})).toEqual(['Este es un campo requerido']);
    expect(mensajes(z.string().max(4), 'ABCDE')).toEqual(['Máximo 4 caracteres']);
    expect(mensajes(z.string().min(3), 'ab')).toEqual(['Mínimo 3 caracteres']);
    expect(mensajes(z.string().min(1), '')).toEqual(['Este es un campo requerido']);
    // A coerced number left out or given a text (z.coerce.number(): NaN) says what it wants, not "recibido NaN".
    expect(mensajes(z.object({ estado: z.coerce.number() }), {})).toEqual(['Debe ser un número']);
    expect(mensajes(z.object({ estado: z.coerce.number() }), { estado: 'uno' })).toEqual(['Debe ser un número']);
    // A message of the rule's own still wins.
    expect(mensajes(z.string().max(2, { error: 'Dos como mucho' }), 'abc')).toEqual(['Dos como mucho']);
  });
});
