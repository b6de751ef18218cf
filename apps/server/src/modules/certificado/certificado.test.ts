import { MENSAJES_CERTIFICADO as M, MENSAJES } from '@cronos/contract';
import { describe, expect, it } from 'vitest';

import {
  HOY,
  auditoriaDe,
  balanza,
  consultar,
  contarCertificados,
  e,
  empA,
  empB,
  formulario,
  guardar,
  linea,
  productoB,
  solicitante,
  solicitanteB,
  tesorero,
  usuarioA,
  prepararEntorno,
} from '../../../test/certificados';

// Requesting, listing and consulting certificates.
prepararEntorno();

describe('GuardarCertificadoManufactura', () => {
  it('registers a request with three catalogue products, validity of 180 days and one audit row', async () => {
    const r = await solicitante.post('/api/Movimiento/GuardarCertificadoManufactura', formulario());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ success: 'true', message: M.registroExito });
    const codigo = r.json().data as number;
    const c = (await consultar(solicitante, codigo)).json().data;
    expect(c).toMatchObject({
      codigoEmpresaUsuario: empA,
      razonSocial: 'MANUFACTURAS ALFA S.A.C.',
      fechaEmision: HOY,
      fechaFinVigencia: '2027-05-19',
      diasVigencia: 180,
      codigoEstadoAutorizado: 1,
      documento: null,
      numeroTelefonico: null,
      cantidadBultos: 30,
      usuarioRegistro: solicitante.usuario.nombreUsuario,
    });
    expect(c.detalle.map((l: { descripcionProducto: string }) => l.descripcionProducto)).toEqual([
      'CAMISA DE ALGODÓN',
      'PANTALÓN DE JEAN',
      'CASACA TÉRMICA',
    ]);
    expect(c.detalle[0]).toMatchObject({
      cantidad: 100,
      pesoNeto: 50.125,
      pesoBruto: 55.5,
      descripcionTipoBulto: 'Caja',
    });
    expect(await auditoriaDe(codigo)).toHaveLength(1);
  });

  it('computes the end of validity on the server and accepts yesterday as start', async () => {
    const codigo = await guardar(solicitante, { fechaEmision: '2026-11-19', fechaFinVigencia: undefined });
    expect((await consultar(solicitante, codigo)).json().data.fechaFinVigencia).toBe('2027-05-18');
    // The 90th day from today (2026-11-20) is the latest start.
    const ultimo = await guardar(solicitante, { fechaEmision: '2027-02-18', fechaFinVigencia: undefined });
    expect((await consultar(solicitante, ultimo)).json().data.fechaFinVigencia).toBe('2027-08-17');
  });

  const otroProducto = () => ({ ...linea(0), codigoCatalogoUsuario: productoB });
  const casos: [string, () => Record<string, unknown>, string, string][] = [
    ['quantity 0', () => ({ detalle: [linea(0, { cantidad: 0 })] }), 'detalle.0.cantidad', M.cantidadODescripcion],
    [
      'no product chosen',
      () => ({ detalle: [linea(0, { codigoCatalogoUsuario: null })] }),
      'detalle.0.codigoCatalogoUsuario',
      M.cantidadODescripcion,
    ],
    ['no lines', () => ({ detalle: [] }), 'detalle', M.sinProductos],
    [
      'start before yesterday',
      () => ({ fechaEmision: '2026-11-18', fechaFinVigencia: undefined }),
      'fechaEmision',
      M.fechaAnterior,
    ],
    [
      'an impossible date',
      () => ({ fechaEmision: '2026-02-30', fechaFinVigencia: undefined }),
      'fechaEmision',
      M.fechaInvalida,
    ],
    [
      'a start more than 90 days ahead (a typo of the year)',
      () => ({ fechaEmision: '2062-11-20', fechaFinVigencia: undefined }),
      'fechaEmision',
      M.fechaPosterior,
    ],
    [
      'the last day of the calendar',
      () => ({ fechaEmision: '9999-12-31', fechaFinVigencia: undefined }),
      'fechaEmision',
      M.fechaPosterior,
    ],
    ['no start date', () => ({ fechaEmision: undefined }), 'fechaEmision', MENSAJES.requerido],
    ['an end that is not start + 180', () => ({ fechaFinVigencia: '2027-06-01' }), 'fechaFinVigencia', M.finVigencia],
    ['days other than 180', () => ({ diasVigencia: 90 }), 'diasVigencia', M.diasVigencia],
    ['quantity over 90000', () => ({ detalle: [linea(0, { cantidad: 90000.001 })] }), 'detalle.0.cantidad', M.maximo],
    ['gross weight over 90000', () => ({ detalle: [linea(0, { pesoBruto: 90001 })] }), 'detalle.0.pesoBruto', M.maximo],
    ['four decimals', () => ({ detalle: [linea(0, { pesoNeto: 1.2345 })] }), 'detalle.0.pesoNeto', M.decimales],
    [
      'negative packages',
      () => ({ detalle: [linea(0, { cantidadBulto: -1 })] }),
      'detalle.0.cantidadBulto',
      M.noNegativo,
    ],
    [
      'net over gross',
      () => ({ detalle: [linea(0, { pesoNeto: 60, pesoBruto: 55 })] }),
      'detalle.0.pesoNeto',
      M.pesoNetoMayor,
    ],
    [
      'another company’s product',
      () => ({ detalle: [otroProducto()] }),
      'detalle.0.codigoCatalogoUsuario',
      M.productoAjeno,
    ],
    ['a disabled product', () => ({ detalle: [linea(3)] }), 'detalle.0.codigoCatalogoUsuario', M.productoAjeno],
    [
      'the same product twice',
      () => ({ detalle: [linea(0), linea(0)] }),
      'detalle.1.codigoCatalogoUsuario',
      M.productoRepetido,
    ],
    [
      'an unknown package type',
      () => ({ detalle: [linea(0, { codigoTipoBulto: '99' })] }),
      'detalle.0.codigoTipoBulto',
      M.tipoBulto,
    ],
  ];
  it.each(casos)('refuses %s with a field message and writes nothing', async (_n, extra, campo, mensaje) => {
    const antes = [await contarCertificados(), await e.contarAuditoria()];
    const r = await solicitante.post('/api/Movimiento/GuardarCertificadoManufactura', formulario(extra()));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors[campo]).toContain(mensaje);
    expect([await contarCertificados(), await e.contarAuditoria()]).toEqual(antes);
  });

  it('refuses levels other than 1, 2 and 4', async () => {
    const r = await usuarioA.post('/api/Movimiento/GuardarCertificadoManufactura', formulario());
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(M.nivelNoSolicita);
  });

  it('lets operator staff of roles 1 and 4 request for a chosen company, and nobody else', async () => {
    const codigo = await guardar(balanza, { codigoEmpresaUsuario: empA });
    expect((await consultar(solicitante, codigo)).json().data.codigoEmpresaUsuario).toBe(empA);
    const ajeno = await solicitanteB.post(
      '/api/Movimiento/GuardarCertificadoManufactura',
      formulario({ codigoEmpresaUsuario: empA }),
    );
    expect(ajeno.statusCode).toBe(404);
    // Company A's products are not in company B's catalogue.
    const propio = await solicitanteB.post('/api/Movimiento/GuardarCertificadoManufactura', formulario());
    expect(propio.statusCode).toBe(422);
  });
});

describe('ListarDatosCertificadoManufactura and ConsultarCertificadoManufactura', () => {
  it('shows a company only its own certificates, and the approvers every company', async () => {
    const deB = await guardar(solicitanteB, { detalle: [{ ...linea(0), codigoCatalogoUsuario: productoB }] });
    const listaA = (
      await solicitante.get(
        '/api/Movimiento/ListarDatosCertificadoManufactura?PageNumber=1&limit=100&CodigoEmpresaUsuario=-1',
      )
    ).json();
    expect(listaA.data.every((f: { codigoEmpresaUsuario: number }) => f.codigoEmpresaUsuario === empA)).toBe(true);
    expect(listaA.meta).toMatchObject({ current_page: 1, per_page: 100 });
    const todos = (
      await tesorero.get('/api/Movimiento/ListarDatosCertificadoManufactura?limit=100&CodigoEmpresaUsuario=1')
    ).json();
    const empresas = new Set(todos.data.map((f: { codigoEmpresaUsuario: number }) => f.codigoEmpresaUsuario));
    expect(empresas).toEqual(new Set([empA, empB]));
    expect(todos.data[0]).toMatchObject({
      descripcionEstadoAutorizado: expect.any(String),
      diasVigencia: 180,
      rutaPdf: null,
    });
    const soloB = (
      await tesorero.get(`/api/Movimiento/ListarDatosCertificadoManufactura?limit=100&CodigoEmpresaUsuario=${empB}`)
    ).json();
    expect(soloB.data.map((f: { codigoCertificadoManufactura: number }) => f.codigoCertificadoManufactura)).toEqual([
      deB,
    ]);
  });

  it('searches by company name and refuses an unknown column', async () => {
    const r = (
      await tesorero.get('/api/Movimiento/ListarDatosCertificadoManufactura?Columna=empresaUsuario&Valor=beta')
    ).json();
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((f: { empresaUsuario: string }) => f.empresaUsuario === 'BETA INDUSTRIAL S.A.')).toBe(true);
    const mala = await tesorero.get('/api/Movimiento/ListarDatosCertificadoManufactura?Columna=1;drop&Valor=x');
    expect(mala.statusCode).toBe(400);
  });

  it('answers 404 for another company’s certificate and for an unknown one', async () => {
    const codigo = await guardar();
    expect((await consultar(solicitanteB, codigo)).statusCode).toBe(404);
    expect((await consultar(solicitanteB, codigo)).json().message).toBe(MENSAJES.noExiste);
    expect((await consultar(solicitante, 999999)).statusCode).toBe(404);
    expect((await consultar(tesorero, codigo)).statusCode).toBe(200);
  });

  it('needs a session and the screen permission', async () => {
    expect((await e.app.inject({ url: '/api/Movimiento/ListarDatosCertificadoManufactura' })).statusCode).toBe(401);
    const seguridad = await e.sesion(3, 1);
    expect((await seguridad.get('/api/Movimiento/ListarDatosCertificadoManufactura')).statusCode).toBe(403);
  });
});
