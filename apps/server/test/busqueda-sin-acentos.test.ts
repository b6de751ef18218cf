import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoUsuario, controlColaboradorEmpresa, nombreColaborador } from '../src/db/schema';
import { filasDe } from '../src/modules/reporte/reporte.repository';
import { contieneSinAcentos } from '../src/platform/paginacion';
import { crearEntorno, type Entorno } from './entorno';

/**
 * The lists' searches by name ignore accents both ways ('raul' finds 'RAÚL', 'perú' finds 'PERU'), and the large
 * lists still read them from their trigram indexes (platform/paginacion.ts sinAcentos, migration 0038).
 */
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const lista = async (s: Sesion, ruta: string, columna: string, valor: string) => {
  const r = await s.get(`${ruta}?Columna=${columna}&Valor=${encodeURIComponent(valor)}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Record<string, unknown>[];
};

describe('searches without regard to accents', () => {
  it('sin_acentos folds the accented vowels of both cases and keeps ñ', async () => {
    const [r] = filasDe(
      await e.db.execute(sql`select sin_acentos('RAÚL NÚÑEZ, Güémez í ó à ç') as t, sin_acentos(null) as n`),
    );
    expect(r).toEqual({ t: 'RAUL NUÑEZ, Guemez i o a c', n: null });
  });

  it('workers, products and tariff headings are found typed with or without their accents', async () => {
    const emp = await e.crearEmpresa({ razonSocial: 'IMPORTACIONES DEL PERÚ S.A.C.' });
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const trabajador = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: {
        condicionLaboral: '1',
        codeTipoDocumentoPeaton: '2',
        numeroDocumentoIdentidad: '009876543',
        apellidoPaterno: 'NÚÑEZ',
        apellidoMaterno: 'GÓMEZ',
        nombre: 'RAÚL',
        nacionalidad: 'CL',
        codigoCargo: 'Almacenero',
        codigoControl: 'T-200',
        fechaInicioContrato: '2026-02-01',
        lunes: 1,
      },
    });
    expect(trabajador.statusCode, trabajador.body).toBe(200);
    const trabajadores = '/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa';
    for (const valor of ['raul', 'RAÚL', 'nuñez gomez', 'NÚÑEZ GÓMEZ, RAUL'])
      expect(
        (await lista(s, trabajadores, 'colaborador', valor)).map((f) => f.colaborador),
        valor,
      ).toEqual(['NÚÑEZ GÓMEZ, RAÚL']);
    // ñ is a letter of its own.
    expect(await lista(s, trabajadores, 'colaborador', 'nunez')).toEqual([]);

    const producto = await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: {
        codigoInterno: 'TV-01',
        descripcion: 'TELEVISION LED 55 PULGADAS',
        numeroPartida: '8528720000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      },
    });
    expect(producto.statusCode, producto.body).toBe(200);
    for (const valor of ['televisión', 'TELEVISION led'])
      expect(
        (await lista(s, '/api/CatalogoUsuario/ListarDatos', 'C.DESCRIPCION', valor)).map((f) => f.descripcion),
        valor,
      ).toEqual(['TELEVISION LED 55 PULGADAS']);
    // The CIP screens' product picker searches the same way (and by internal code, as typed).
    for (const buscar of ['televisión', 'tv-01']) {
      const r = await s.get(`/api/Industria/ProductosCip?Tipo=insumos&Buscar=${encodeURIComponent(buscar)}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(
        r.json().data.map((f: { descripcion: string }) => f.descripcion),
        buscar,
      ).toEqual(['TELEVISION LED 55 PULGADAS']);
    }

    // The tariff headings as the customs tariff writes them ('CAFÉ SIN TOSTAR').
    await e.db.execute(sql`insert into arancel (numero_partida, descripcion)
      values ('0901110000', 'CAFÉ SIN TOSTAR, SIN DESCAFEINAR'), ('0901210000', 'CAFE TOSTADO, SIN DESCAFEINAR')`);
    const operador = await e.sesion(1, 1);
    const partidas = await lista(operador, '/api/Arancel/ListarDatos', 'descripcion', 'CAFE');
    expect(partidas.map((f) => f.numeroPartida).sort()).toEqual(['0901110000', '0901210000']);
    const conAcento = await lista(operador, '/api/Arancel/ListarDatos', 'descripcion', 'café');
    expect(conAcento.map((f) => f.numeroPartida)).toEqual(partidas.map((f) => f.numeroPartida));
  });

  it('the names of the large lists are searched through their trigram indexes', async () => {
    // Enough rows that an index is worth reading (on a few rows a scan of any index costs less): each table's first
    // row copied with its unique columns numbered.
    const copiar = async (tabla: string, cambios: Record<string, string>) => {
      const columnas = filasDe(
        await e.db.execute(sql`select column_name as c from information_schema.columns
          where table_name = ${tabla} and column_default is null order by ordinal_position`),
      ).map((f) => String(f.c));
      const valores = columnas.map((c) => cambios[c] ?? `t.${c}`);
      await e.db.execute(
        sql.raw(`insert into ${tabla} (${columnas.join(', ')})
          select ${valores.join(', ')} from (select * from ${tabla} limit 1) t, generate_series(1, 3000) g`),
      );
      // Vacuumed as autovacuum would: rows inserted after a GIN index wait in its pending list, which the planner
      // prices as read whole.
      await e.db.execute(sql.raw(`vacuum analyze ${tabla}`));
    };
    await copiar('catalogo_usuario', { codigo_interno: "'Z' || g", descripcion: "'PRODUCTO ' || g" });
    await copiar('control_colaborador_empresa', {
      numero_documento_identidad: "lpad(g::text, 9, '0')",
      nombre: "'N' || g",
    });
    // The conditions as the lists write them (sinAcentos, contieneSinAcentos), over the indexes' tables.
    const planes: [string, SQL][] = [
      [
        'catalogo_descripcion_trgm',
        sql`select 1 from ${catalogoUsuario} where ${contieneSinAcentos(catalogoUsuario.descripcion, 'televisión')}`,
      ],
      [
        'colaborador_nombre_trgm',
        sql`select 1 from ${controlColaboradorEmpresa} where ${contieneSinAcentos(nombreColaborador(controlColaboradorEmpresa), 'raúl')}`,
      ],
    ];
    for (const [indice, consulta] of planes) {
      const plan = await e.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return filasDe(await tx.execute(sql`explain ${consulta}`))
          .map((f) => Object.values(f)[0])
          .join('\n');
      });
      expect(plan, indice).toContain(`Bitmap Index Scan on ${indice}`);
    }
    // The other two are indexed on the same expression as their searches write.
    const definiciones = filasDe(
      await e.db.execute(sql`select indexname as i, indexdef as d from pg_indexes
        where indexname in ('empresa_usuario_razon_social_trgm', 'arancel_descripcion_trgm') order by 1`),
    ).map((f) => [f.i, /USING gin \((.*) gin_trgm_ops\)/.exec(String(f.d))?.[1]]);
    expect(definiciones).toEqual([
      ['arancel_descripcion_trgm', 'sin_acentos(descripcion)'],
      ['empresa_usuario_razon_social_trgm', 'sin_acentos((razon_social)::text)'],
    ]);
  });
});
