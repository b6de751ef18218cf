import { esMultilinea, MENSAJES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { crearEntorno, type Entorno } from '../../test/entorno';
import { cuerpoMultipart, MUESTRAS } from '../../test/multipart';
import { catalogoUsuario, controlColaboradorEmpresa, parametro } from '../db/schema';
import { rutasRegistradas } from './texto-seguro';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

/** Every C0 control, DEL and a C1 control; tab, line feed and carriage return are only for multi-line fields. */
const CONTROLES = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '\u0085'];
const SALTOS = new Set(['\t', '\n', '\r']);
const nombre = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const refusa = (r: { statusCode: number; json: () => { message: string; errors?: Record<string, string[]> } }) => {
  expect(r.statusCode).toBe(422);
  expect(Object.values(r.json().errors ?? {}).flat()).toContain(MENSAJES.caracteresNoPermitidos);
};

describe('control characters in request text', () => {
  it('refuses NUL and every other control character with 422 on representative calls, writing nothing', async () => {
    const emp = await e.crearEmpresa();
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const admin = await e.sesion(2, 1);
    const antes = await e.contarAuditoria();

    // Sign-in (a top-level body field): every control character, NUL first.
    for (const c of CONTROLES) {
      const r = await e.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { nombreUsuario: `ad${c}min`, contrasenia: 'x' },
      });
      expect(r.statusCode, nombre(c)).toBe(422);
      expect(r.json().errors.nombreUsuario, nombre(c)).toEqual([MENSAJES.caracteresNoPermitidos]);
    }

    // A product (`{ data }` body): single-line fields refuse every control; the multi-line description
    // refuses them too except tab and line breaks.
    for (const c of CONTROLES) {
      const r = await s.post('/api/CatalogoUsuario/GuardarDatos', {
        data: {
          descripcion: 'TELEVISOR LED',
          numeroPartida: '8528.72.00.00',
          codigoUnidadMedida: `NI${c}U`,
          codigoExistencia: '01',
        },
      });
      refusa(r);
      const d = await s.post('/api/CatalogoUsuario/GuardarDatos', {
        data: {
          descripcion: `TELEVISOR${c}LED ${nombre(c)}`,
          numeroPartida: '8528.72.00.00',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '01',
        },
      });
      if (SALTOS.has(c)) expect(d.statusCode, nombre(c)).toBe(200);
      else refusa(d);
    }
    const productos = await e.db
      .select()
      .from(catalogoUsuario)
      .where(eq(catalogoUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect(productos.map((p) => p.descripcion).sort()).toEqual(
      ['TELEVISOR\tLED U+0009', 'TELEVISOR\nLED U+000a', 'TELEVISOR\rLED U+000d'].sort(),
    );

    // Bodies whose `data` is read by the handler's own schema (parameters, workers).
    refusa(await admin.post('/api/Parametro/GuardarParametro', { data: { nombre: 'Tur\u0000nos', descripcion: 'x' } }));
    refusa(
      await admin.post('/api/Parametro/GuardarParametro', { data: { nombre: 'Turnos', descripcion: 'a\u0007b' } }),
    );
    expect(await e.db.select().from(parametro).where(eq(parametro.nombre, 'Turnos'))).toEqual([]);
    refusa(
      await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
        data: { codigoTipoDocumento: '4', numeroDocumento: 'X123\u0000', nombre: 'ANA', apellidoPaterno: 'RUIZ' },
      }),
    );
    expect(
      await e.db
        .select()
        .from(controlColaboradorEmpresa)
        .where(eq(controlColaboradorEmpresa.codigoEmpresaUsuario, emp.codigoEmpresaUsuario)),
    ).toEqual([]);

    // A query string (the search value of a paged list).
    refusa(await s.get('/api/CatalogoUsuario/ListarDatos?Columna=DESCRIPCION&Valor=TV%00'));
    refusa(await s.get('/api/CatalogoUsuario/ListarDatos?Columna=DESCRIPCION&Valor=TV%1B'));

    // A multipart text field and a file name.
    const campo = cuerpoMultipart({ TipoCarga: 'catalogo\u0000' }, [
      { campo: 'archivo', nombre: 'a.xlsx', contenido: MUESTRAS.pdf() },
    ]);
    refusa(
      await e.app.inject({
        method: 'POST',
        url: '/api/CatalogoUsuario/RegistrarCatalogoMasivo',
        ...conToken(s.token, campo),
      }),
    );

    // Only the three products with a tab or a line break in their description were written.
    expect((await e.contarAuditoria()) - antes).toBe(3);
  });

  it('every string field of every route body, query and params refuses control characters', () => {
    const rutas = rutasRegistradas(e.app);
    expect(rutas.length).toBeGreaterThan(150);
    let textos = 0;
    let libres = 0;
    const sinRegla: string[] = [];
    for (const ruta of rutas) {
      for (const [parte, esquema] of Object.entries(ruta.esquemas)) {
        recorrer(esquema, `${ruta.metodo} ${ruta.url} ${parte}`, (hoja, donde) => {
          const tipo = (hoja._zod.def as { type: string }).type;
          if (tipo === 'string') {
            textos += 1;
            const ml = esMultilinea(hoja);
            for (const c of CONTROLES) {
              if (ml && SALTOS.has(c)) continue;
              const r = hoja.safeParse(`ABCDEF1234${c}56789`);
              const mensajes = r.success ? [] : r.error.issues.map((i) => i.message);
              if (!mensajes.includes(MENSAJES.caracteresNoPermitidos)) sinRegla.push(`${donde} ${nombre(c)}`);
            }
          } else {
            libres += 1;
            const r = hoja.safeParse({ a: ['x', { b: 'y\u0000' }] });
            if (r.success) sinRegla.push(`${donde} (valor libre)`);
          }
        });
      }
    }
    expect(sinRegla).toEqual([]);
    // The walk really reached the fields: hundreds of texts and the free `data` bodies.
    expect(textos).toBeGreaterThan(200);
    expect(libres).toBeGreaterThan(5);
  });
});

function conToken(token: string, cuerpo: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: cuerpo.payload, headers: { ...cuerpo.headers, authorization: `Bearer ${token}` } };
}

/**
 * Walks a schema by reflection (any definition field holding schemas), independently of how the rule is
 * applied, and calls `hoja` for each string and each free value (unknown/any).
 */
function recorrer(s: z.ZodType, donde: string, hoja: (h: z.ZodType, donde: string) => void, vistos = new Set()) {
  if (vistos.has(s)) return;
  vistos.add(s);
  const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'string' || def.type === 'unknown' || def.type === 'any') {
    hoja(s, donde);
    return;
  }
  const esEsquema = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;
  for (const [clave, v] of Object.entries(def)) {
    if (clave === 'shape' && v && typeof v === 'object') {
      for (const [campo, h] of Object.entries(v)) if (esEsquema(h)) recorrer(h, `${donde}.${campo}`, hoja, vistos);
    } else if (esEsquema(v)) recorrer(v, donde, hoja, vistos);
    else if (Array.isArray(v)) for (const h of v) if (esEsquema(h)) recorrer(h, donde, hoja, vistos);
  }
  if (def.type === 'lazy') recorrer((def.getter as () => z.ZodType)(), donde, hoja, vistos);
}
