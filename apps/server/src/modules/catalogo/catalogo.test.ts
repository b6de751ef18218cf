import { MENSAJES, MENSAJES_CATALOGO } from '@cronos/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobarOrdenes } from '../../../test/orden-lista';
import { catalogoUsuario, kardex, lote, movimiento, movimientoDetalle, movimientoDocumento } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const producto = (extra: Record<string, unknown> = {}) => ({
  descripcion: 'TELEVISOR LED 55 PULGADAS',
  numeroPartida: '8528.72.00.00',
  codigoUnidadMedida: 'NIU',
  codigoExistencia: '01',
  ...extra,
});

async function empresaConUsuario(rol = 8) {
  const emp = await e.crearEmpresa();
  const s = await e.sesion(rol, emp.codigoEmpresaUsuario);
  return { emp, s, c: emp.codigoEmpresaUsuario };
}

describe('CatalogoUsuario/GuardarDatos', () => {
  it('creates a product with its initial stock lot and kardex entry, and one audit row', async () => {
    const { s, c } = await empresaConUsuario();
    const antes = await e.contarAuditoria();
    const r = await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({ codigoInterno: 'tv-01', stock: 12.5 }),
    });
    expect(r.statusCode).toBe(200);
    const { data, message } = r.json();
    expect(message).toBe(MENSAJES_CATALOGO.productoRegistrado);
    expect(data).toMatchObject({ codigoInterno: 'TV-01', numeroPartida: '8528720000', codigoUnidadMedida: 'NIU' });
    const [p] = await e.db
      .select()
      .from(catalogoUsuario)
      .where(eq(catalogoUsuario.codigoCatalogoUsuario, data.codigoCatalogoUsuario));
    expect(p).toMatchObject({ codigoEmpresaUsuario: c, usuarioRegistro: s.usuario.nombreUsuario });
    const lotes = await e.db.select().from(lote).where(eq(lote.codigoCatalogoUsuario, data.codigoCatalogoUsuario));
    expect(lotes).toHaveLength(1);
    expect(lotes[0]).toMatchObject({
      numeroDocumento: 'STOCK INICIAL',
      cantidadStock: '12.500',
      codigoMovimientoDocumento: null,
    });
    const k = await e.db
      .select()
      .from(kardex)
      .where(eq(kardex.codigoLote, lotes[0]?.codigoLote ?? 0));
    expect(k).toMatchObject([{ tipo: 'E', cantidad: '12.500', saldoLote: '12.500' }]);
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const { s } = await empresaConUsuario();
    const antes = await e.contarAuditoria();
    const r = await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: { descripcion: 'TV', numeroPartida: '', codigoInterno: 'DEMASIADO-LARGO', stock: -1 },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toMatchObject({
      descripcion: [MENSAJES_CATALOGO.descripcionIncorrecta],
      numeroPartida: [MENSAJES.requerido],
      codigoUnidadMedida: [MENSAJES.requerido],
      codigoExistencia: [MENSAJES.requerido],
      codigoInterno: ['Máximo 9 caracteres'],
      stock: ['Debe ser mayor o igual a 0'],
    });
    const desconocidos = await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({ numeroPartida: '1234567890', codigoUnidadMedida: 'XXX', codigoExistencia: '77' }),
    });
    expect(desconocidos.statusCode).toBe(422);
    expect(desconocidos.json()).toMatchObject({
      message: MENSAJES_CATALOGO.rellenarObligatorios,
      errors: {
        numeroPartida: [MENSAJES_CATALOGO.partidaNoExiste],
        codigoUnidadMedida: [MENSAJES_CATALOGO.valorNoValido],
        codigoExistencia: [MENSAJES_CATALOGO.valorNoValido],
      },
    });
    const decimales = await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ stock: 1.2345 }) });
    expect(decimales.json().errors.stock).toEqual(['Máximo 3 decimales']);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('refuses an internal code already used in the same company, not in another', async () => {
    const a = await empresaConUsuario();
    const b = await empresaConUsuario();
    expect(
      (await a.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ codigoInterno: 'X1' }) })).statusCode,
    ).toBe(200);
    const dup = await a.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ codigoInterno: 'x1' }) });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.codigoInterno).toEqual([MENSAJES_CATALOGO.codigoInternoExiste]);
    expect(
      (await b.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ codigoInterno: 'X1' }) })).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another company's id, product or warehouse", async () => {
    const a = await empresaConUsuario();
    const b = await empresaConUsuario();
    const ajena = await a.s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({ codigoEmpresaUsuario: b.c }),
    });
    expect(ajena.statusCode).toBe(404);
    const deB = (await b.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).json().data;
    const editar = await a.s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({ codigoCatalogoUsuario: deB.codigoCatalogoUsuario }),
    });
    expect(editar.statusCode).toBe(404);
    for (const url of [
      `/api/CatalogoUsuario/ConsultarDatos?CodigoEmpresaUsuario=${b.c}`,
      `/api/CatalogoUsuario/ConsultarDatos?CodigoCatalogoUsuario=${deB.codigoCatalogoUsuario}`,
      `/api/CatalogoUsuario/ConsultaEquivalenciaPorCodigoCatalogo?CodigoCatalogoUsuario=${deB.codigoCatalogoUsuario}`,
    ]) {
      expect((await a.s.get(url)).statusCode, url).toBe(404);
    }
    for (const [url, body] of [
      ['/api/CatalogoUsuario/CambiarEstadoAnulado', { codigoCatalogoUsuario: deB.codigoCatalogoUsuario, estado: 1 }],
      ['/api/CatalogoUsuario/EliminarRegistro', { codigoCatalogoUsuario: deB.codigoCatalogoUsuario }],
    ] as const) {
      expect((await a.s.post(url, body)).statusCode, url).toBe(404);
    }
  });

  it('edits heading, unit and existence code but keeps description and internal code', async () => {
    const { s } = await empresaConUsuario();
    const p = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ codigoInterno: 'ED1' }) })).json()
      .data;
    const r = await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        descripcion: 'OTRA DESCRIPCION',
        codigoInterno: 'OTRO',
        numeroPartida: '8517130000',
        codigoUnidadMedida: 'BX',
      }),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe(MENSAJES_CATALOGO.productoEditado);
    expect(r.json().data).toMatchObject({
      descripcion: 'TELEVISOR LED 55 PULGADAS',
      codigoInterno: 'ED1',
      numeroPartida: '8517130000',
      codigoUnidadMedida: 'BX',
    });
  });

  it('is refused to a role whose tree only lists the catalogue', async () => {
    const emp = await e.crearEmpresa();
    const lector = await e.sesion(8, emp.codigoEmpresaUsuario, {
      permisos: {
        'administration/products': {
          permiteListar: true,
          permiteAgregar: false,
          permiteEditar: false,
          permiteEliminar: false,
        },
      },
    });
    expect((await lector.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).statusCode).toBe(403);
    expect((await lector.get('/api/CatalogoUsuario/ListarDatos')).statusCode).toBe(200);
  });
});

describe('CatalogoUsuario lists and lookups', () => {
  it('lists only the own company; operator staff may choose one; the column comes from the allowlist', async () => {
    const a = await empresaConUsuario();
    const b = await empresaConUsuario();
    await a.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ descripcion: 'ZAPATILLA DEPORTIVA A' }) });
    await b.s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ descripcion: 'ZAPATILLA DEPORTIVA B' }) });
    const propia = (await a.s.get(`/api/CatalogoUsuario/ListarDatos?CodigoEmpresaUsuario=${b.c}`)).json();
    expect(propia.data.every((f: { codigoEmpresaUsuario: number }) => f.codigoEmpresaUsuario === a.c)).toBe(true);
    expect(propia.meta).toMatchObject({ current_page: 1, per_page: 10 });
    const admin = await e.sesion(1, 1);
    const deB = (
      await admin.get(
        `/api/CatalogoUsuario/ListarDatos?CodigoEmpresaUsuario=${b.c}&Columna=C.DESCRIPCION&Valor=zapatilla`,
      )
    ).json();
    expect(deB.data).toHaveLength(1);
    expect(deB.data[0]).toMatchObject({
      descripcion: 'ZAPATILLA DEPORTIVA B',
      descripcionUnidadMedida: 'Unidad',
      estadoAnulado: 0,
    });
    expect((await a.s.get('/api/CatalogoUsuario/ListarDatos?Columna=descripcion;drop&Valor=x')).statusCode).toBe(400);
  });

  it('finds a product by its heading as the list shows it, with dots (8528.72), as well as by its digits', async () => {
    const { s } = await empresaConUsuario();
    await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ numeroPartida: '8528.72.00.00' }) });
    await s.post('/api/CatalogoUsuario/GuardarDatos', {
      data: producto({ descripcion: 'HORNO MICROONDAS 20 L', numeroPartida: '8516.50.00.00' }),
    });
    for (const valor of ['8528.72', '8528.72.00.00', '852872']) {
      const r = await s.get(`/api/CatalogoUsuario/ListarDatos?Columna=C.NUMERO_PARTIDA&Valor=${valor}`);
      expect(r.json().data.map((f: { numeroPartida: string }) => f.numeroPartida)).toEqual(['8528720000']);
    }
  });

  it('searches by description with available stock of a warehouse, and only stocked products for exits', async () => {
    const { s, emp } = await empresaConUsuario();
    const con = (
      await s.post('/api/CatalogoUsuario/GuardarDatos', {
        data: producto({ descripcion: 'LAPTOP 14 CON STOCK', stock: 5 }),
      })
    ).json().data;
    await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ descripcion: 'LAPTOP 15 SIN STOCK' }) });
    const almacen = (await s.get('/api/Account/ConsultarSesion')).json().data.usuario.codigoEmpresaAlmacen;
    const todos = (
      await s.get(
        `/api/CatalogoUsuario/ConsultarDatos?CodigoEmpresaUsuario=${emp.codigoEmpresaUsuario}&Descripcion=laptop`,
      )
    ).json().data;
    expect(todos).toHaveLength(2);
    const salida = (
      await s.get(`/api/CatalogoUsuario/ConsultarDatos?Descripcion=laptop&CodigoEmpresaAlmacen=${almacen}`)
    ).json().data;
    expect(salida).toEqual([
      expect.objectContaining({ codigoCatalogoUsuario: con.codigoCatalogoUsuario, stockDisponible: 5 }),
    ]);
    const desc = await s.get('/api/CatalogoUsuario/ConsultarDatosDescripcion?Descripcion=LAPTOP%2014');
    expect(desc.json().data).toEqual([
      {
        codigoCatalogoUsuario: con.codigoCatalogoUsuario,
        descripcion: 'LAPTOP 14 CON STOCK',
        codigoUnidadMedida: 'NIU',
        codigoInterno: null,
        numeroPartida: '8528720000',
      },
    ]);
    const vacia = await s.get('/api/CatalogoUsuario/ConsultarDatosDescripcion?Descripcion=');
    expect(vacia.statusCode).toBe(422);
    expect(vacia.json().errors.Descripcion).toEqual([MENSAJES.requerido]);
  });
});

describe('equivalences', () => {
  it('registers, refuses the same four values, lists and deletes', async () => {
    const { s } = await empresaConUsuario();
    const p = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).json().data;
    const eqv = {
      codigoCatalogoUsuario: p.codigoCatalogoUsuario,
      cantidadBase: 1,
      codigoUnidadMedidaBase: 'BX',
      cantidadEquivalente: 12,
      codigoUnidadMedidaEquivalencia: 'NIU',
    };
    const r = await s.post('/api/CatalogoUsuario/RegistrarEquivalencia', { data: eqv });
    expect(r.statusCode).toBe(200);
    const dup = await s.post('/api/CatalogoUsuario/RegistrarEquivalencia', { data: { ...eqv, cantidadBase: '1.000' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe(MENSAJES_CATALOGO.equivalenciaExiste);
    const mala = await s.post('/api/CatalogoUsuario/RegistrarEquivalencia', {
      data: { ...eqv, cantidadBase: 0, codigoUnidadMedidaBase: '' },
    });
    expect(mala.json().errors).toMatchObject({
      cantidadBase: ['Debe ser mayor a 0'],
      codigoUnidadMedidaBase: [MENSAJES.requerido],
    });
    const lista = (
      await s.get(
        `/api/CatalogoUsuario/ConsultaEquivalenciaPorCodigoCatalogo?CodigoCatalogoUsuario=${p.codigoCatalogoUsuario}`,
      )
    ).json().data;
    expect(lista).toMatchObject([{ cantidadBase: 1, cantidadEquivalente: 12, codigoUnidadMedidaBase: 'BX' }]);
    const del = await s.post('/api/CatalogoUsuario/EliminarEquivalenciaCatalogo', {
      data: { codigoEquivalenciaCatalogo: lista[0].codigoEquivalenciaCatalogo },
    });
    expect(del.json()).toMatchObject({ success: true, message: MENSAJES_CATALOGO.equivalenciaEliminada });
    const otra = await s.post('/api/CatalogoUsuario/EliminarEquivalenciaCatalogo', {
      data: { codigoEquivalenciaCatalogo: lista[0].codigoEquivalenciaCatalogo },
    });
    expect(otra.statusCode).toBe(404);
  });
});

describe('enable, disable and delete', () => {
  it('toggles the state once per direction; a second identical call is refused', async () => {
    const { s } = await empresaConUsuario();
    const p = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).json().data;
    const body = { codigoCatalogoUsuario: p.codigoCatalogoUsuario, estado: 1 };
    expect((await s.post('/api/CatalogoUsuario/CambiarEstadoAnulado', body)).statusCode).toBe(200);
    const otra = await s.post('/api/CatalogoUsuario/CambiarEstadoAnulado', body);
    expect(otra.statusCode).toBe(422);
    expect(otra.json().message).toBe(MENSAJES_CATALOGO.yaEnEseEstado);
    expect(
      (await s.get(`/api/CatalogoUsuario/ConsultarDatos?CodigoCatalogoUsuario=${p.codigoCatalogoUsuario}`)).json().data,
    ).toEqual([]);
    expect((await s.post('/api/CatalogoUsuario/CambiarEstadoAnulado', { ...body, estado: 0 })).statusCode).toBe(200);
    expect((await s.post('/api/CatalogoUsuario/CambiarEstadoAnulado', { ...body, estado: 7 })).statusCode).toBe(422);
  });

  it('deletes an unused product, refuses one with stock or order lines', async () => {
    const { s, c } = await empresaConUsuario();
    const libre = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).json().data;
    const conStock = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto({ stock: 1 }) })).json().data;
    const enOrden = (await s.post('/api/CatalogoUsuario/GuardarDatos', { data: producto() })).json().data;
    const [m] = await e.db
      .insert(movimiento)
      .values({
        codigoIngreso: `OPT${c}`,
        codigoTipoIngreso: 'VH',
        codigoTipoOperacion: 1,
        codigoEmpresaUsuario: c,
        fechaIngreso: new Date(),
      })
      .returning();
    const [d] = await e.db
      .insert(movimientoDocumento)
      .values({ codigoMovimiento: m?.codigoMovimiento ?? 0, codigoTipoDocumento: '1', numeroDocumento: 'F001-1' })
      .returning();
    await e.db.insert(movimientoDetalle).values({
      codigoMovimientoDocumento: d?.codigoMovimientoDocumento ?? 0,
      codigoMovimiento: m?.codigoMovimiento ?? 0,
      codigoCatalogoUsuario: enOrden.codigoCatalogoUsuario,
      cantidad: '1',
      peso: '1',
    });
    for (const p of [conStock, enOrden]) {
      const r = await s.post('/api/CatalogoUsuario/EliminarRegistro', {
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toBe(MENSAJES_CATALOGO.productoConMovimientos);
    }
    const ok = await s.post('/api/CatalogoUsuario/EliminarRegistro', {
      data: { codigoCatalogoUsuario: libre.codigoCatalogoUsuario },
    });
    expect(ok.json()).toMatchObject({ success: true, message: MENSAJES_CATALOGO.productoEliminado });
    const quedan = await e.db
      .select()
      .from(catalogoUsuario)
      .where(and(eq(catalogoUsuario.codigoEmpresaUsuario, c)));
    expect(quedan.map((q) => q.codigoCatalogoUsuario).sort()).toEqual(
      [conStock.codigoCatalogoUsuario, enOrden.codigoCatalogoUsuario].sort(),
    );
  });
});

describe('CatalogoUsuario/ListarDatos sorted by a header', () => {
  it('sorts by internal code, description, heading and date, both ways, over every page; newest first otherwise', async () => {
    const { s, c } = await empresaConUsuario();
    const filas: [string | null, string, string, string][] = [
      ['P-300', 'TELEVISOR LED', '8528720000', '2026-03-01'],
      [null, 'ARROZ PILADO', '1006300000', '2026-05-01'],
      ['P-100', 'CEMENTO PORTLAND', '2523290000', '2026-01-01'],
      ['P-200', 'ARROZ PILADO', '1006300000', '2026-04-01'],
      [null, 'BICICLETA', '8712000000', '2026-02-01'],
    ];
    await e.db.insert(catalogoUsuario).values(
      filas.map(([codigoInterno, descripcion, numeroPartida, dia]) => ({
        codigoEmpresaUsuario: c,
        codigoInterno,
        descripcion,
        numeroPartida,
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
        fechaRegistro: new Date(`${dia}T12:00:00Z`),
      })),
    );
    type Fila = {
      codigoCatalogoUsuario: number;
      codigoInterno: string | null;
      descripcion: string;
      numeroPartida: string;
      fechaRegistro: string;
    };
    const claves = {
      codigoInterno: (f: Fila) => [f.codigoInterno],
      descripcion: (f: Fila) => [f.descripcion],
      numeroPartida: (f: Fila) => [f.numeroPartida],
      fechaRegistro: (f: Fila) => [f.fechaRegistro],
    };
    const zona = await e.sesion(1, 1);
    for (const [quien, url] of [
      [s, '/api/CatalogoUsuario/ListarDatos'],
      [zona, `/api/CatalogoUsuario/ListarDatos?CodigoEmpresaUsuario=${c}`],
    ] as const) {
      const propio = await comprobarOrdenes<Fila>({ get: quien.get, url, id: (f) => f.codigoCatalogoUsuario, claves });
      expect(propio).toHaveLength(5);
    }
    const porFecha = (await s.get('/api/CatalogoUsuario/ListarDatos')).json().data as Fila[];
    expect(porFecha.map((f) => f.fechaRegistro.slice(0, 10))).toEqual([
      '2026-05-01',
      '2026-04-01',
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
    ]);
  });
});
