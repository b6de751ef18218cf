import { MENSAJES, MENSAJES_ADMINISTRACION } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('Parámetros Generales', () => {
  it('lists groups with their section count; creates, edits and disables a parameter', async () => {
    const admin = await e.sesion(2, 1);
    const lista = (await admin.get('/api/Parametro/ListarDatos?limit=100')).json();
    expect(lista.data.find((p: { codigoParametro: number }) => p.codigoParametro === 43)).toMatchObject({
      nombre: 'Unidad de medida',
      estadoRegistro: 1,
      secciones: 10,
    });
    const r = await admin.post('/api/Parametro/GuardarParametro', {
      data: { nombre: 'Turnos', descripcion: 'Turnos de garita' },
    });
    expect(r.json()).toMatchObject({ success: true, message: MENSAJES_ADMINISTRACION.parametroRegistrado });
    const codigo = r.json().data;
    expect(codigo).toBeGreaterThanOrEqual(100);
    await admin.post('/api/Parametro/GuardarParametro', {
      data: { codigoParametro: codigo, nombre: 'Turnos de garita', descripcion: 'Mañana, tarde, noche' },
    });
    const bandeja = (await admin.get(`/api/Parametro/ConsultarBandejaParametroTabla?CodigoParametro=${codigo}`)).json()
      .data;
    expect(bandeja).toMatchObject({ nombre: 'Turnos de garita', secciones: [] });
    expect(
      (await admin.post('/api/Parametro/CambiarEstadoAnuladoParametro', { codigoParametro: codigo, estadoAnulado: 1 }))
        .statusCode,
    ).toBe(200);
    const otra = await admin.post('/api/Parametro/CambiarEstadoAnuladoParametro', {
      codigoParametro: codigo,
      estadoAnulado: 1,
    });
    expect(otra.json().message).toBe(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    expect((await admin.get(`/api/Parametro/ConsultaParametro?CodigoParametro=${codigo}`)).statusCode).toBe(404);
  });

  it('refuses a second parameter with the name of another (capitals and spaces aside), also when renaming', async () => {
    const admin = await e.sesion(2, 1);
    const nuevo = await admin.post('/api/Parametro/GuardarParametro', {
      data: { nombre: '  tipo de OPERACIÓN ', descripcion: 'Repetido' },
    });
    expect(nuevo.statusCode).toBe(422);
    expect(nuevo.json().errors).toEqual({ nombre: [MENSAJES_ADMINISTRACION.nombreParametroExiste] });
    const propio = await admin.post('/api/Parametro/GuardarParametro', {
      data: { nombre: 'Motivos de demora', descripcion: 'Únicos' },
    });
    expect(propio.statusCode, propio.body).toBe(200);
    const codigo = propio.json().data;
    const renombrar = await admin.post('/api/Parametro/GuardarParametro', {
      data: { codigoParametro: codigo, version: 1, nombre: 'Unidad de medida', descripcion: 'Únicos' },
    });
    expect(renombrar.json().errors).toEqual({ nombre: [MENSAJES_ADMINISTRACION.nombreParametroExiste] });
    // Its own name, kept while the description changes, is no conflict.
    const mismo = await admin.post('/api/Parametro/GuardarParametro', {
      data: { codigoParametro: codigo, version: 1, nombre: 'Motivos de demora', descripcion: 'Editada' },
    });
    expect(mismo.statusCode, mismo.body).toBe(200);
  });

  it('two people creating a parameter of the same name at once: one is saved, the other is told the name is taken', async () => {
    const admin = await e.sesion(2, 1);
    const otro = await e.sesion(2, 1);
    for (const nombre of ['Motivos de inspección', 'Causas de rechazo', 'Tipos de precinto']) {
      const [a, b] = await Promise.all(
        [admin, otro].map((s) =>
          s.post('/api/Parametro/GuardarParametro', { data: { nombre, descripcion: 'A la vez' } }),
        ),
      );
      expect([a?.statusCode, b?.statusCode].sort(), `${a?.body} ${b?.body}`).toEqual([200, 422]);
      expect([a, b].find((r) => r?.statusCode === 422)?.json().errors).toEqual({
        nombre: [MENSAJES_ADMINISTRACION.nombreParametroExiste],
      });
    }
  });

  it("refuses empty forms with 'Debe rellenar campos obligatorios' and the fields", async () => {
    const admin = await e.sesion(2, 1);
    const r = await admin.post('/api/Parametro/GuardarParametro', { data: { nombre: ' ' } });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      message: MENSAJES_ADMINISTRACION.rellenarObligatorios,
      errors: { nombre: [MENSAJES.requerido], descripcion: [MENSAJES.requerido] },
    });
    const s = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', { data: { codigoParametro: 43 } });
    expect(s.json()).toMatchObject({
      message: MENSAJES_ADMINISTRACION.rellenarObligatorios,
      errors: { nombre: [MENSAJES.requerido] },
    });
    expect(
      (
        await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
          data: { codigoParametro: 99999, nombre: 'X' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('adds sections with the next code; seeded sections are read-only; the flags are enforced', async () => {
    const admin = await e.sesion(2, 1);
    const r = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 42, nombre: 'Contenedor flexible' },
    });
    expect(r.json().message).toBe(MENSAJES_ADMINISTRACION.seccionRegistrada);
    const secciones = (
      await admin.get('/api/ParametroSeccion/ListarDatos?CodigoParametro=42&PageNumber=1&limit=50')
    ).json().data;
    const nueva = secciones.find((x: { nombre: string }) => x.nombre === 'Contenedor flexible');
    expect(nueva).toMatchObject({ codigo: '9', soloLectura: false });
    expect((await admin.get('/api/Parametro/ConsultaParametro?CodigoParametro=42')).json().data).toContainEqual({
      codigo: '9',
      descripcion: 'Contenedor flexible',
    });
    const caja = secciones.find((x: { codigo: string }) => x.codigo === '1');
    const ro = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 42, codigoSeccion: caja.codigoSeccion, nombre: 'Cajón' },
    });
    expect(ro.json().message).toBe(MENSAJES_ADMINISTRACION.seccionSoloLectura);
    const dup = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 42, codigo: '1', nombre: 'Otra caja' },
    });
    expect(dup.json().errors.codigo).toEqual([MENSAJES_ADMINISTRACION.codigoSeccionExiste]);
    // A gender is stored in 4 characters: a longer code could be listed but never chosen on a worker.
    const largo = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 74, codigo: 'OTROS', nombre: 'Otro o no declara' },
    });
    expect(largo.statusCode).toBe(422);
    expect(largo.json().errors).toEqual({ codigo: ['Máximo 4 caracteres'] });
    const espacio = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 42, codigo: 'X Y', nombre: 'Caja con espacio' },
    });
    expect(espacio.statusCode).toBe(422);
    expect(espacio.json().errors).toEqual({ codigo: ['El código no puede contener espacios'] });
    const corto = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: 74, codigo: 'X', nombre: 'Otro o no declara' },
    });
    expect(corto.json()).toMatchObject({ success: true });
    const p = (
      await admin.post('/api/Parametro/GuardarParametro', {
        data: { nombre: 'Fijo', descripcion: 'Sin valores nuevos', indicardorPermiteAgregarValor: false },
      })
    ).json().data;
    const no = await admin.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: p, nombre: 'X' },
    });
    expect(no.json().message).toBe(MENSAJES_ADMINISTRACION.parametroNoAgrega);
  });

  it('refuses a value whose name repeats another value of the same group, on create and on edit', async () => {
    const admin = await e.sesion(2, 1);
    const guardar = (data: Record<string, unknown>) =>
      admin.post('/api/ParametroSeccion/GuardarParametroSeccion', { data });
    const grupo = (
      await admin.post('/api/Parametro/GuardarParametro', { data: { nombre: 'Horarios', descripcion: 'H' } })
    ).json().data;
    const otro = (
      await admin.post('/api/Parametro/GuardarParametro', { data: { nombre: 'Jornadas', descripcion: 'J' } })
    ).json().data;
    expect((await guardar({ codigoParametro: grupo, nombre: 'Tarde' })).statusCode).toBe(200);
    expect((await guardar({ codigoParametro: grupo, nombre: 'Noche' })).statusCode).toBe(200);
    const valores = async (codigo: number) =>
      (await admin.get(`/api/Parametro/ConsultarBandejaParametroTabla?CodigoParametro=${codigo}`)).json().data
        .secciones as { codigoSeccion: number; nombre: string; version: number }[];
    const antes = await valores(grupo);

    const repetido = await guardar({ codigoParametro: grupo, nombre: '  TARDE ' });
    expect(repetido.statusCode).toBe(422);
    expect(repetido.json().errors).toEqual({ nombre: [MENSAJES_ADMINISTRACION.nombreSeccionExiste] });
    const noche = antes.find((v) => v.nombre === 'Noche');
    if (!noche) throw new Error('Noche');
    const editado = await guardar({ codigoParametro: grupo, codigoSeccion: noche.codigoSeccion, nombre: 'tarde' });
    expect(editado.statusCode).toBe(422);
    expect(editado.json().errors).toEqual({ nombre: [MENSAJES_ADMINISTRACION.nombreSeccionExiste] });
    expect(await valores(grupo)).toEqual(antes);

    // Its own name in other capitals, and the same name in another group, are fine.
    const propio = await guardar({
      codigoParametro: grupo,
      codigoSeccion: noche.codigoSeccion,
      nombre: 'NOCHE',
      version: noche.version,
    });
    expect(propio.statusCode, propio.body).toBe(200);
    expect((await guardar({ codigoParametro: otro, nombre: 'Tarde' })).statusCode).toBe(200);
  });

  it("only the operator's staff change the shared lookups", async () => {
    const emp = await e.crearEmpresa();
    const adminEmpresa = await e.sesion(2, emp.codigoEmpresaUsuario);
    const r = await adminEmpresa.post('/api/Parametro/GuardarParametro', { data: { nombre: 'X', descripcion: 'Y' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJES_ADMINISTRACION.soloOperador);
    const usuario = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect((await usuario.get('/api/Parametro/ListarDatos')).statusCode).toBe(403);
  });
});
