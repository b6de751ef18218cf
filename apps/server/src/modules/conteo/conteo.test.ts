import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, multipart } from '../../../test/fabricas-etapas';
import { conteo, kardex, logSistema, lote, parametroSeccion } from '../../db/schema';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let operador: Sesion;
let usuarioA: Sesion;
let usuarioB: Sesion;
let empresaA: number;
let empresaB: number;
let lote1: number;
let lote2: number;

const HORA = 3_600_000;

/** Moves the clock (sessions expire after 40 idle minutes, so everybody signs in again). */
async function avanzar(ms: number) {
  e.reloj.avanzar(ms);
  operador = await e.sesion(2, 1);
  usuarioA = await e.sesion(8, empresaA);
  usuarioB = await e.sesion(8, empresaB);
}

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresaA = (await e.crearEmpresa()).codigoEmpresaUsuario;
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  operador = await e.sesion(2, 1);
  usuarioA = await e.sesion(8, empresaA);
  usuarioB = await e.sesion(8, empresaB);
  lote1 = (await f.crearLote(empresaA, 10)).codigoLote;
  lote2 = (await f.crearLote(empresaA, 4)).codigoLote;
});
afterAll(async () => {
  await e.cerrar();
});

const auditoriasConteo = async () =>
  (await e.db.select().from(logSistema).where(like(logSistema.tipo, 'CONTEO_%'))).length;
const detalle = async (s: Sesion, id: number) =>
  (await s.get(`/api/Almacen/ConsultarConteo?CodigoConteo=${id}`)).json().data;
async function abrirYContar(cantidades: Record<number, number>) {
  const r = await operador.post('/api/Almacen/AbrirConteo', { codigoEmpresaUsuario: empresaA });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.codigoConteo as number;
  const d = await detalle(operador, id);
  const lineas = d.detalle.map((l: { codigoConteoDetalle: number; codigoLote: number; cantidadTeorica: number }) => ({
    codigoConteoDetalle: l.codigoConteoDetalle,
    cantidadContada: cantidades[l.codigoLote] ?? l.cantidadTeorica,
  }));
  return { id, d, lineas };
}

describe('physical count: states, who acts, window and adjustment', () => {
  it('opens a snapshot, counts, the company justifies within the window, the operator approves: one adjustment entry', async () => {
    const auditoria = await auditoriasConteo();
    const { id, d, lineas } = await abrirYContar({ [lote1]: 8 });
    expect(d).toMatchObject({ estado: 1, descripcionEstado: 'Abierto', lineas: 2 });
    expect(d.detalle.map((l: { cantidadTeorica: number }) => l.cantidadTeorica).sort()).toEqual([10, 4]);

    // Only the operator counts; every lot must be counted.
    expect((await usuarioA.post('/api/Almacen/RegistrarConteo', { codigoConteo: id, lineas })).statusCode).toBe(403);
    const incompleto = await operador.post('/api/Almacen/RegistrarConteo', {
      codigoConteo: id,
      lineas: lineas.slice(0, 1),
    });
    expect(incompleto.statusCode).toBe(422);
    expect(incompleto.json().errors.lineas).toEqual(['Debe registrar la cantidad contada de todos los lotes']);
    const negativo = await operador.post('/api/Almacen/RegistrarConteo', {
      codigoConteo: id,
      lineas: [{ ...lineas[0], cantidadContada: -1 }, lineas[1]],
    });
    expect(negativo.statusCode).toBe(422);
    const r = await operador.post('/api/Almacen/RegistrarConteo', { codigoConteo: id, lineas });
    expect(r.statusCode, r.body).toBe(200);
    const contado = await detalle(usuarioA, id);
    expect(contado).toMatchObject({ estado: 2, plazoHoras: 48, diferencias: 1, plazoVencido: false });
    expect(new Date(contado.fechaLimiteJustificacion).getTime() - new Date(contado.fechaContado).getTime()).toBe(
      48 * HORA,
    );
    const dif = contado.detalle.find((l: { codigoLote: number }) => l.codigoLote === lote1);
    expect(dif).toMatchObject({ cantidadTeorica: 10, cantidadContada: 8, diferencia: -2 });

    // Tenancy and roles on the justification; the operator may not decide while the window is open.
    const justificacion = {
      codigoConteo: id,
      lineas: [{ codigoConteoDetalle: dif.codigoConteoDetalle, justificacion: 'Merma por rotura en estiba' }],
    };
    expect((await usuarioB.post('/api/Almacen/JustificarConteo', justificacion)).statusCode).toBe(404);
    expect((await usuarioB.get(`/api/Almacen/ConsultarConteo?CodigoConteo=${id}`)).statusCode).toBe(404);
    expect((await operador.post('/api/Almacen/JustificarConteo', justificacion)).statusCode).toBe(403);
    const pronto = await operador.post('/api/Almacen/ResolverConteo', {
      codigoConteo: id,
      lineas: [{ codigoConteoDetalle: dif.codigoConteoDetalle, aprobar: true }],
    });
    expect(pronto.statusCode).toBe(409);
    const corta = await usuarioA.post('/api/Almacen/JustificarConteo', {
      ...justificacion,
      lineas: [{ ...justificacion.lineas[0], justificacion: 'x' }],
    });
    expect(corta.statusCode).toBe(422);

    await avanzar(47 * HORA);
    const j = await usuarioA.post('/api/Almacen/JustificarConteo', justificacion);
    expect(j.statusCode, j.body).toBe(200);
    expect((await detalle(operador, id)).estado).toBe(3);

    expect((await usuarioA.post('/api/Almacen/ResolverConteo', { codigoConteo: id, lineas: [] })).statusCode).toBe(403);
    const sinDecidir = await operador.post('/api/Almacen/ResolverConteo', { codigoConteo: id, lineas: [] });
    expect(sinDecidir.statusCode).toBe(422);
    const res = await operador.post('/api/Almacen/ResolverConteo', {
      codigoConteo: id,
      lineas: [{ codigoConteoDetalle: dif.codigoConteoDetalle, aprobar: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ajustes: 1 });
    const [l1] = await e.db.select().from(lote).where(eq(lote.codigoLote, lote1));
    expect(Number(l1?.cantidadStock)).toBe(8);
    const ajustes = await e.db
      .select()
      .from(kardex)
      .where(and(eq(kardex.codigoConteo, id)));
    expect(ajustes).toHaveLength(1);
    expect(ajustes[0]).toMatchObject({ tipo: 'S', tipoOperacion: '99', cantidad: '2.000', saldoLote: '8.000' });
    // The kardex screen shows it.
    const k = await usuarioA.get(`/api/Almacen/ListarKardex?CodigoCatalogoUsuario=${l1?.codigoCatalogoUsuario}`);
    expect(k.json().data.at(-1)).toMatchObject({ tipoOperacion: '99', salida: 2, saldo: 8, codigoConteo: id });
    // Decided once: a second decision is a conflict. One audit row per successful mutation (open, count, justify, resolve).
    expect((await operador.post('/api/Almacen/ResolverConteo', { codigoConteo: id, lineas: [] })).statusCode).toBe(409);
    expect((await auditoriasConteo()) - auditoria).toBe(4);

    const pdf = await usuarioA.get(`/api/Almacen/ActaConteo?CodigoConteo=${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('the window is a parameter; past it the company can no longer justify and the operator decides', async () => {
    await e.db
      .update(parametroSeccion)
      .set({ nombre: '2' })
      .where(and(eq(parametroSeccion.codigoParametro, 80), eq(parametroSeccion.codigo, 'PLAZO_JUSTIFICACION_HORAS')));
    const { id, lineas } = await abrirYContar({ [lote2]: 5 });
    expect((await operador.post('/api/Almacen/RegistrarConteo', { codigoConteo: id, lineas })).statusCode).toBe(200);
    const d = await detalle(usuarioA, id);
    expect(d.plazoHoras).toBe(2);
    const dif = d.detalle.find((l: { codigoLote: number }) => l.codigoLote === lote2);
    await avanzar(2 * HORA + 1000);
    const tarde = await usuarioA.post('/api/Almacen/JustificarConteo', {
      codigoConteo: id,
      lineas: [{ codigoConteoDetalle: dif.codigoConteoDetalle, justificacion: 'Llegó tarde el reporte' }],
    });
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().message).toMatch(
      /^El plazo para justificar las diferencias venció el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect((await detalle(operador, id)).plazoVencido).toBe(true);
    const rechazo = await operador.post('/api/Almacen/ResolverConteo', {
      codigoConteo: id,
      lineas: [{ codigoConteoDetalle: dif.codigoConteoDetalle, aprobar: false }],
    });
    expect(rechazo.json().data).toEqual({ ajustes: 0 });
    const [l2] = await e.db.select().from(lote).where(eq(lote.codigoLote, lote2));
    expect(Number(l2?.cantidadStock)).toBe(4);
    await e.db
      .update(parametroSeccion)
      .set({ nombre: '48' })
      .where(and(eq(parametroSeccion.codigoParametro, 80), eq(parametroSeccion.codigo, 'PLAZO_JUSTIFICACION_HORAS')));
  });

  it('company users may not open counts; a company without stock has nothing to count; lists follow tenancy', async () => {
    expect((await usuarioA.post('/api/Almacen/AbrirConteo', { codigoEmpresaUsuario: empresaA })).statusCode).toBe(403);
    const vacia = await operador.post('/api/Almacen/AbrirConteo', { codigoEmpresaUsuario: empresaB });
    expect(vacia.statusCode).toBe(422);
    expect(vacia.json().errors.codigoEmpresaUsuario).toEqual(['La empresa no tiene lotes con stock para contar']);
    const deB = await usuarioB.get(`/api/Almacen/ListarConteos?CodigoEmpresaUsuario=${empresaA}`);
    expect(deB.json().data).toEqual([]);
    const deA = await usuarioA.get('/api/Almacen/ListarConteos');
    expect(deA.json().meta.total).toBe(2);
    // The list's search box: by the count's number, by the company; an unknown column changes nothing.
    const uno = deA.json().data[1].codigoConteo as number;
    const porNumero = await usuarioA.get(`/api/Almacen/ListarConteos?Columna=C.CODIGO_CONTEO&Valor=${uno}`);
    expect(porNumero.statusCode, porNumero.body).toBe(200);
    expect(porNumero.json().data.map((c: { codigoConteo: number }) => c.codigoConteo)).toEqual([uno]);
    expect(porNumero.json().meta.total).toBe(1);
    const razonA = deA.json().data[0].razonSocial as string;
    const porEmpresa = await operador.get(
      `/api/Almacen/ListarConteos?Columna=E.RAZON_SOCIAL&Valor=${encodeURIComponent(razonA.toLowerCase())}`,
    );
    expect(porEmpresa.json().meta.total).toBe(2);
    expect(
      (await operador.get('/api/Almacen/ListarConteos?Columna=E.RAZON_SOCIAL&Valor=zzzz-no-existe')).json().data,
    ).toEqual([]);
    expect((await operador.get('/api/Almacen/ListarConteos?Columna=C.ESTADO&Valor=1')).statusCode).toBe(400);
  });

  it('a lot left blank (null or empty) is refused as not counted, never stored as a count of 0', async () => {
    const { id, lineas } = await abrirYContar({});
    for (const vacia of [null, '']) {
      const r = await operador.post('/api/Almacen/RegistrarConteo', {
        codigoConteo: id,
        lineas: [{ ...lineas[0], cantidadContada: vacia }, lineas[1]],
      });
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors['lineas.0.cantidadContada']).toEqual(['Ingrese la cantidad contada']);
    }
    const d = await detalle(operador, id);
    expect(d.estado).toBe(1);
    expect(d.detalle.every((l: { cantidadContada: number | null }) => l.cantidadContada === null)).toBe(true);
    // Cleans up: the count is registered as it stands.
    expect((await operador.post('/api/Almacen/RegistrarConteo', { codigoConteo: id, lineas })).statusCode).toBe(200);
  });

  it('counts only the chosen products; another company’s or a product without stock is refused and opens nothing', async () => {
    const empresaC = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const producto = async (codigoLote: number) =>
      (await e.db.select().from(lote).where(eq(lote.codigoLote, codigoLote)))[0]?.codigoCatalogoUsuario ?? 0;
    const l1 = (await f.crearLote(empresaC, 3)).codigoLote;
    const l2 = (await f.crearLote(empresaC, 7)).codigoLote;
    const sinStock = await producto((await f.crearLote(empresaC, 0)).codigoLote);
    const conteos = async () =>
      (await e.db.select().from(conteo).where(eq(conteo.codigoEmpresaUsuario, empresaC))).length;
    const abrir = (productos: number[]) =>
      operador.post('/api/Almacen/AbrirConteo', { codigoEmpresaUsuario: empresaC, productos });

    const ajeno = await abrir([await producto(l1), await producto(lote1)]);
    expect(ajeno.statusCode, ajeno.body).toBe(422);
    expect(ajeno.json().errors.productos).toEqual([
      'Algún producto elegido no existe o no es de la empresa del conteo',
    ]);
    const vacio = await abrir([sinStock]);
    expect(vacio.statusCode, vacio.body).toBe(422);
    expect(vacio.json().errors.productos).toEqual(['Los productos elegidos no tienen lotes con stock para contar']);
    expect(await conteos()).toBe(0);

    // The same product twice is one product; only its lots are in the count.
    const uno = await abrir([await producto(l2), await producto(l2), sinStock]);
    expect(uno.statusCode, uno.body).toBe(200);
    const d = await detalle(operador, uno.json().data.codigoConteo);
    expect(d.detalle.map((l: { codigoLote: number }) => l.codigoLote)).toEqual([l2]);
    // Without a choice, every lot with stock.
    const todos = await abrir([]);
    const t = await detalle(operador, todos.json().data.codigoConteo);
    expect(t.detalle.map((l: { codigoLote: number }) => l.codigoLote).sort()).toEqual([l1, l2].sort());
    expect(await conteos()).toBe(2);
  });
});

describe('physical count: the xlsx template and its bad files', () => {
  const subir = (s: Sesion, id: number, contenido: Buffer, nombre = 'conteo.xlsx') => {
    const m = multipart({ CodigoConteo: id }, [
      {
        campo: 'archivo',
        nombre,
        contenido,
        tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ]);
    return e.app.inject({
      method: 'POST',
      url: '/api/Almacen/ImportarConteo',
      headers: { ...m.headers, authorization: `Bearer ${s.token}` },
      payload: m.payload,
    });
  };

  it('refuses a renamed text file, an oversized file and bad rows, changing nothing; a filled template counts', async () => {
    const { id } = await abrirYContar({});
    const plantilla = await operador.get(`/api/Almacen/PlantillaConteo?CodigoConteo=${id}`);
    expect(plantilla.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(plantilla.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Conteo');
    if (!hoja) throw new Error('hoja');
    expect(hoja.getRow(1).getCell(5).value).toBe('Cantidad contada');

    expect((await subir(operador, id, Buffer.from('no soy una hoja de cálculo'))).statusCode).toBe(415);
    expect((await subir(operador, id, Buffer.alloc(1024 * 1024 + 10, 1))).statusCode).toBe(413);
    hoja.eachRow((fila, n) => {
      if (n > 1) fila.getCell(5).value = Number(fila.getCell(4).value);
    });
    hoja.getRow(2).getCell(5).value = -3;
    const mala = await subir(operador, id, Buffer.from(await libro.xlsx.writeBuffer()));
    expect(mala.statusCode).toBe(422);
    expect(Object.keys(mala.json().errors)).toEqual(['fila 2']);
    expect((await e.db.select().from(conteo).where(eq(conteo.codigoConteo, id)))[0]?.estado).toBe(1);
    expect((await subir(usuarioA, id, Buffer.from(await libro.xlsx.writeBuffer()))).statusCode).toBe(403);

    hoja.getRow(2).getCell(5).value = Number(hoja.getRow(2).getCell(4).value);
    const buena = await subir(operador, id, Buffer.from(await libro.xlsx.writeBuffer()));
    expect(buena.statusCode, buena.body).toBe(200);
    // No differences: nothing to justify, the count closes.
    expect((await detalle(operador, id)).estado).toBe(4);
  });
});
