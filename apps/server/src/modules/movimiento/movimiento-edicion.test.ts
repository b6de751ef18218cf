import { MENSAJES_MOVIMIENTO as M, MENSAJES } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logSistema, movimiento, movimientoDetalle, transportistaUsuario } from '../../db/schema';
import { ordenVehicular, RUC_TRANSPORTISTA } from '../../../test/fabricas-movimiento';
import { e, base, otra, s, guardar, prepararEntorno } from '../../../test/entorno-ordenes';

// Edit mode, carrier lookup and notification.
prepararEntorno();

describe('edit mode', () => {
  let codigo: number;
  beforeAll(async () => {
    const r = await guardar(s, ordenVehicular(base.productos.slice(0, 2)));
    codigo = r.json().data.codigoMovimiento;
  });

  it('updates the transporter card alone and keeps locked fields', async () => {
    const r = await guardar(s, {
      ...ordenVehicular([]),
      codigoMovimiento: codigo,
      seccion: 'transportista',
      codigoTipoOperacion: 2,
      placaUno: 'XYZ-987',
      numeroBultos: 999,
      documentos: [],
    });
    expect(r.statusCode).toBe(200);
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    expect(d.placaUno).toBe('XYZ-987');
    expect(d.codigoTipoOperacion).toBe(1);
    expect(d.numeroBultos).toBe(12);
  });

  it('two people editing the order cards: the second save over an older version gets 409 and changes nothing', async () => {
    const otraSesion = await e.sesion(8, base.empresa.codigoEmpresaUsuario);
    const leer = async () => (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    const deAna = await leer();
    const deBeto = await otraSesion.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`);
    const version = deAna.version as number;
    expect(deBeto.json().data.version).toBe(version);
    const tarjeta = (seccion: 'carga' | 'transportista', v: number, extra: Record<string, unknown>) => ({
      ...ordenVehicular([]),
      codigoMovimiento: codigo,
      seccion,
      version: v,
      documentos: [],
      ...extra,
    });
    const antes = (await e.db.select({ n: count() }).from(logSistema))[0]?.n ?? 0;
    const primera = await guardar(s, tarjeta('carga', version, { numeroBultos: 30 }));
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json().data.version).toBe(version + 1);
    const segunda = await guardar(otraSesion, tarjeta('transportista', version, { placaUno: 'BBB-222' }));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().message).toBe('El registro fue modificado por otro usuario. Recargue e intente nuevamente.');
    const despues = await leer();
    expect(despues).toMatchObject({ numeroBultos: 30, placaUno: deAna.placaUno, version: version + 1 });
    expect((await e.db.select({ n: count() }).from(logSistema))[0]?.n).toBe(antes + 1);
    // The first person keeps saving cards with the version each save returns.
    const otra = await guardar(s, tarjeta('transportista', version + 1, { placaUno: 'AAA-111' }));
    expect(otra.statusCode, otra.body).toBe(200);
  });

  it('the date switch replaces the date; a card update without its section is refused', async () => {
    const r = await guardar(s, {
      codigoMovimiento: codigo,
      seccion: 'movimiento',
      codigoTipoIngreso: 'VH',
      codigoTipoOperacion: 1,
      codigoTipoMercaderia: 'EXT',
      paisProcedencia: 'CL',
      codigoVia: '2',
      fechaIngresoRegistroNueva: '2026-11-21T08:30:00-05:00',
    });
    expect(r.statusCode).toBe(200);
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    expect(d.fechaIngreso).toBe('2026-11-21T13:30:00.000Z');
    const sinSeccion = await guardar(s, { ...ordenVehicular([]), codigoMovimiento: codigo, documentos: [] });
    expect(sinSeccion.json().errors.seccion).toEqual([MENSAJES.requerido]);
  });

  it('adds documents and products; a stored product repeated in its document is refused', async () => {
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    const doc = d.documentos[0];
    const repetido = await guardar(s, {
      codigoMovimiento: codigo,
      seccion: 'documentos',
      codigoTipoIngreso: 'VH',
      codigoTipoOperacion: 1,
      documentos: [{ ...doc, productos: [{ codigoCatalogoUsuario: base.productos[0], cantidad: 1, peso: 1 }] }],
    });
    expect(repetido.json().errors['documentos.0.productos.0.codigoCatalogoUsuario']).toEqual([M.productoDuplicado]);
    const r = await guardar(s, {
      codigoMovimiento: codigo,
      seccion: 'documentos',
      codigoTipoIngreso: 'VH',
      codigoTipoOperacion: 1,
      documentos: [
        { ...doc, productos: [{ codigoCatalogoUsuario: base.productos[2], cantidad: 1, peso: 1 }] },
        {
          codigoTipoDocumento: '3',
          numeroDocumento: 'T001-99',
          ruc: '20100070970',
          razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
          productos: [{ codigoCatalogoUsuario: base.productos[0], cantidad: 3, peso: 3 }],
        },
      ],
    });
    expect(r.statusCode).toBe(200);
    const despues = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    expect(despues.documentos).toHaveLength(2);
    expect(despues.documentos[0].productos).toHaveLength(3);
  });

  it('deletes a stored document with its lines on the server', async () => {
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    const r = await s.post('/api/Movimiento/EliminarMovimientoDocumento', {
      data: { codigoMovimientoDocumento: d.documentos[1].codigoMovimientoDocumento },
    });
    expect(r.statusCode).toBe(200);
    const despues = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    expect(despues.documentos).toHaveLength(1);
    const again = await s.post('/api/Movimiento/EliminarMovimientoDocumento', {
      data: { codigoMovimientoDocumento: d.documentos[1].codigoMovimientoDocumento },
    });
    expect(again.statusCode).toBe(404);
    expect((await s.post('/api/Movimiento/EliminarMovimientoDocumento', { data: {} })).statusCode).toBe(422);
  });

  it("another company's order is a 404 for every call, and role 7 cannot edit", async () => {
    const ajeno = await e.sesion(8, otra.empresa.codigoEmpresaUsuario);
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    const linea = d.documentos[0].productos[0].codigoMovimientoDetalle;
    expect((await ajeno.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).statusCode).toBe(404);
    expect((await ajeno.get(`/api/Balanza/ConsutarArchivo?CodigoMovimiento=${codigo}`)).statusCode).toBe(404);
    const upd = await guardar(ajeno, {
      ...ordenVehicular([]),
      codigoMovimiento: codigo,
      seccion: 'carga',
      documentos: [],
    });
    expect(upd.statusCode).toBe(404);
    expect(
      (
        await ajeno.post('/api/Movimiento/EliminarDetalleMovimientoPorCodigo', {
          data: { codigoMovimientoDetalle: linea },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ajeno.post('/api/Movimiento/EnviarNotificacionTipoMovimiento', { data: { CodigoMovimiento: codigo } }))
        .statusCode,
    ).toBe(404);

    const supervisor = await e.sesion(7, 1);
    expect((await supervisor.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).statusCode).toBe(200);
    const r7 = await guardar(supervisor, {
      ...ordenVehicular([]),
      codigoMovimiento: codigo,
      seccion: 'carga',
      documentos: [],
    });
    expect(r7.statusCode).toBe(403);
    expect(
      (
        await supervisor.post('/api/Movimiento/EliminarDetalleMovimientoPorCodigo', {
          data: { codigoMovimientoDetalle: linea },
        })
      ).statusCode,
    ).toBe(403);
    expect((await guardar(supervisor, ordenVehicular(base.productos.slice(0, 1)))).statusCode).toBe(403);
    const [n] = await e.db
      .select({ n: count() })
      .from(movimientoDetalle)
      .where(eq(movimientoDetalle.codigoMovimientoDetalle, linea));
    expect(n?.n).toBe(1);
  });

  it('documents cannot change once the order left state 1', async () => {
    await e.db.update(movimiento).set({ codigoEstadoMovimiento: 2 }).where(eq(movimiento.codigoMovimiento, codigo));
    const d = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigo}`)).json().data;
    const r = await s.post('/api/Movimiento/EliminarMovimientoDocumento', {
      data: { codigoMovimientoDocumento: d.documentos[0].codigoMovimientoDocumento },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(M.noEditable);
    const carga = await guardar(s, {
      ...ordenVehicular([]),
      codigoMovimiento: codigo,
      seccion: 'carga',
      numeroBultos: 14,
      documentos: [],
    });
    expect(carga.statusCode).toBe(200);
  });
});

describe('carrier lookup and notification', () => {
  it("answers 'true', 'false' or '100' and refuses a bad RUC", async () => {
    const q = (ruc: string, tipo = '6') =>
      s.get(
        `/api/Movimiento/ConsultarTransportistaPorUsuario?Ruc=${ruc}&CodigoTipoDocumentoEmpresa=${tipo}&CodigoTipoOperacion=1`,
      );
    const vigente = await q(RUC_TRANSPORTISTA);
    expect(vigente.json()).toMatchObject({
      success: 'true',
      message: M.conContrato,
      data: { nombreTransportista: 'TRANSPORTES DEL SUR S.A.C.' },
    });
    await e.db.insert(transportistaUsuario).values({
      codigoEmpresaUsuario: base.empresa.codigoEmpresaUsuario,
      ruc: '20100070970',
      razonSocial: 'SIN CONTRATO S.A.',
      fechaInicio: '1900-01-01',
    });
    expect((await q('20100070970')).json()).toMatchObject({ success: 'false', message: M.sinContrato });
    expect((await q('20100128056')).json()).toMatchObject({ success: '100', data: null });
    expect((await q('CL-99887766', '0')).json().success).toBe('100');
    const malo = await q('20100070971');
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors.Ruc).toEqual([M.rucInvalido]);
    expect((await q('2010')).json().errors.Ruc).toEqual([M.rucOnce]);
  });

  it('EnviarNotificacionTipoMovimiento publishes one notification and one audit row', async () => {
    const r = await guardar(s, ordenVehicular(base.productos.slice(0, 1)));
    const codigo = r.json().data.codigoMovimiento;
    const antes = await e.contarAuditoria();
    const n = await s.post('/api/Movimiento/EnviarNotificacionTipoMovimiento', {
      data: { CodigoMovimiento: codigo, NumeroDocumentoFiscal: 'f001-1', Ruc: '20100070970' },
    });
    expect(n.statusCode).toBe(200);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const [fila] = await e.db.select().from(logSistema).where(eq(logSistema.tipo, 'MOVIMIENTO_NOTIFICADO'));
    expect(fila?.detalle).toContain('F001-1');
    expect((await s.post('/api/Movimiento/EnviarNotificacionTipoMovimiento', { data: {} })).statusCode).toBe(422);
  });
});
