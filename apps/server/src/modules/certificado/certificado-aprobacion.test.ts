import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MENSAJES_CERTIFICADO as M } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cuerpoMultipart, MUESTRAS } from '../../../test/multipart';
import {
  catalogoUsuario,
  certificadoManufactura,
  certificadoManufacturaArchivo,
  certificadoManufacturaDetalle,
} from '../../db/schema';

import {
  type Sesion,
  aprobar,
  auditoriaDe,
  balanza,
  consultar,
  dir,
  e,
  empA,
  empB,
  guardar,
  productosA,
  solicitante,
  solicitanteB,
  superadmin,
  tesorero,
  prepararEntorno,
} from '../../../test/certificados';

// Attachments, approval, enable/disable and the certified product lines.
prepararEntorno();

describe('AgregarDocumentoSustentoActa', () => {
  const subir = (s: Sesion, codigo: number, contenido: Buffer, campos: Record<string, string | number> = {}) => {
    const cuerpo = cuerpoMultipart(
      { CodigoCertificadoManufactura: codigo, CodigoEmpresaUsuario: empA, UsuarioRegistro: 'x', ...campos },
      [{ campo: 'Archivo', nombre: 'acta.pdf', contenido, tipo: 'application/pdf' }],
    );
    return e.app.inject({
      method: 'POST',
      url: '/api/Movimiento/AgregarDocumentoSustentoActa',
      headers: { authorization: `Bearer ${s.token}`, ...cuerpo.headers },
      payload: cuerpo.payload,
    });
  };
  const archivosEnDisco = (d = join(dir, 'archivos')): string[] => {
    try {
      return readdirSync(d, { withFileTypes: true }).flatMap((x) =>
        x.isDirectory() ? archivosEnDisco(join(d, x.name)) : [x.name],
      );
    } catch {
      return [];
    }
  };
  const filasArchivo = async () => (await e.db.select().from(certificadoManufacturaArchivo)).length;

  it('stores a PDF under 500 kB, lists it and downloads the same bytes', async () => {
    const codigo = await guardar();
    const pdf = MUESTRAS.pdf(400 * 1024);
    const r = await subir(solicitante, codigo, pdf);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(M.archivoAgregado);
    const c = (await consultar(solicitante, codigo)).json().data;
    expect(c.archivos).toHaveLength(1);
    expect(c.archivos[0].nombreArchivo).toBe('acta.pdf');
    const bajada = await e.app.inject({
      url: c.archivos[0].rutaArchivo,
      headers: { authorization: `Bearer ${solicitante.token}` },
    });
    expect(bajada.statusCode).toBe(200);
    expect(bajada.rawPayload.equals(pdf)).toBe(true);
    const ajena = await e.app.inject({
      url: c.archivos[0].rutaArchivo,
      headers: { authorization: `Bearer ${solicitanteB.token}` },
    });
    expect(ajena.statusCode).toBe(404);
  });

  it('refuses a PDF over 500 kB and a file that is not a PDF, leaving no row and no file', async () => {
    const codigo = await guardar();
    const [filas, enDisco] = [await filasArchivo(), archivosEnDisco().length];
    const grande = await subir(solicitante, codigo, MUESTRAS.pdf(500 * 1024 + 1));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe(M.excede500);
    const exe = await subir(solicitante, codigo, MUESTRAS.exe(2048));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(M.formatoIncorrecto);
    expect([await filasArchivo(), archivosEnDisco().length]).toEqual([filas, enDisco]);
  });

  it('refuses another company’s certificate (404) and an attended one, leaving no file', async () => {
    const codigo = await guardar();
    const enDisco = archivosEnDisco().length;
    expect((await subir(solicitanteB, codigo, MUESTRAS.pdf(), { CodigoEmpresaUsuario: empB })).statusCode).toBe(404);
    expect((await aprobar(tesorero, codigo)).statusCode).toBe(200);
    const tarde = await subir(solicitante, codigo, MUESTRAS.pdf());
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().message).toBe(M.soloPendiente);
    expect(archivosEnDisco().length).toBe(enDisco);
  });
});

describe('AprobarRechazarCertificadoManufactura', () => {
  it('authorizes: a CM number, the approver, one audit row and a notification to the company', async () => {
    const codigo = await guardar();
    const r = await aprobar(tesorero, codigo, { opcionGeneraValor: true, observaciones: 'Conforme' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ success: 'true', message: M.transaccionExitosa });
    const numero = r.json().data.numeroCertificado as string;
    expect(numero).toMatch(/^CM-2026-\d{6}$/);
    const c = (await consultar(solicitante, codigo)).json().data;
    expect(c).toMatchObject({
      codigoEstadoAutorizado: 3,
      documento: numero,
      nombreAutorizador: 'ELENA CHAMBI TORRES',
      opcionGeneraValor: true,
    });
    expect(c.rutaPdf).toContain(`CodigoCertificadoManufactura=${codigo}`);
    const auditoria = await auditoriaDe(codigo);
    expect(auditoria.map((a) => a.tipo)).toEqual(['CERTIFICADO_REGISTRO', 'CERTIFICADO_AUTORIZACION']);
    const avisos = await e.base.db.execute(
      sql`select tipo, codigo_empresa_usuario as empresa from notificacion where datos->>'codigoCertificadoManufactura' = ${String(codigo)}`,
    );
    expect((avisos as unknown as { rows: unknown[] }).rows).toEqual([
      { tipo: 'certificado-autorizado', empresa: empA },
    ]);
  });

  it('a request pending past its validity cannot be authorized (it would be issued expired), only rejected', async () => {
    const codigo = await guardar();
    await e.db
      .update(certificadoManufactura)
      .set({ fechaFinVigencia: '2026-01-31' })
      .where(eq(certificadoManufactura.codigoCertificadoManufactura, codigo));
    const r = await aprobar(tesorero, codigo);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().message).toBe(M.vigenciaTerminada('2026-01-31'));
    expect(r.json().message).toContain('31/01/2026');
    expect((await consultar(solicitante, codigo)).json().data.codigoEstadoAutorizado).toBe(1);
    const rechazo = await aprobar(tesorero, codigo, {
      estadoAutorizacion: 2,
      opcionNuevaFuncionalidad: false,
      observaciones: 'Vigencia vencida',
    });
    expect(rechazo.statusCode, rechazo.body).toBe(200);
  });

  it('rejects with an observation: RECHAZADO, no number', async () => {
    const codigo = await guardar();
    const r = await aprobar(superadmin, codigo, {
      estadoAutorizacion: 2,
      opcionNuevaFuncionalidad: false,
      observaciones: 'Falta sustento',
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = (await consultar(solicitante, codigo)).json().data;
    expect(c).toMatchObject({
      codigoEstadoAutorizado: 2,
      descripcionEstadoAutorizado: 'RECHAZADO',
      documento: null,
      observaciones: 'Falta sustento',
      rutaPdf: null,
    });
  });

  it('refuses approval without the required option, a rejection without observation, and a bad state', async () => {
    const codigo = await guardar();
    const sinOpcion = await aprobar(tesorero, codigo, { opcionNuevaFuncionalidad: false, opcionGeneraValor: true });
    expect(sinOpcion.statusCode).toBe(422);
    expect(sinOpcion.json().message).toBe(M.opcionAdicional);
    const sinObs = await aprobar(tesorero, codigo, { estadoAutorizacion: 2 });
    expect(sinObs.statusCode).toBe(422);
    expect(sinObs.json().errors.observaciones).toEqual([M.observacionRechazo]);
    const malEstado = await aprobar(tesorero, codigo, { estadoAutorizacion: 1 });
    expect(malEstado.statusCode).toBe(422);
    expect(malEstado.json().errors.estadoAutorizacion).toEqual([M.estadoAutorizacion]);
    expect((await consultar(tesorero, codigo)).json().data.codigoEstadoAutorizado).toBe(1);
    expect(await auditoriaDe(codigo)).toHaveLength(1);
  });

  it('refuses approvers that are not level 1 or 9 of the operator', async () => {
    const codigo = await guardar();
    for (const s of [solicitante, balanza]) {
      const r = await aprobar(s, codigo);
      expect([403]).toContain(r.statusCode);
    }
    const tesoreroAjeno = await e.sesion(9, empA);
    expect((await aprobar(tesoreroAjeno, codigo)).statusCode).toBe(403);
    expect((await consultar(tesorero, codigo)).json().data.codigoEstadoAutorizado).toBe(1);
  });

  it('refuses approving twice, and rejecting an authorized one', async () => {
    const codigo = await guardar();
    expect((await aprobar(tesorero, codigo)).statusCode).toBe(200);
    const otra = await aprobar(superadmin, codigo);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(M.yaAtendido);
    const rechazo = await aprobar(superadmin, codigo, { estadoAutorizacion: 2, observaciones: 'x' });
    expect(rechazo.statusCode).toBe(409);
    expect((await auditoriaDe(codigo)).filter((a) => a.tipo !== 'CERTIFICADO_REGISTRO')).toHaveLength(1);
  });

  it('of 20 concurrent approvals, exactly one wins: one number, one audit row, one notification', async () => {
    const codigo = await guardar();
    const aprobadores = [tesorero, superadmin, await e.sesion(9, 1), await e.sesion(1, 1)];
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) => aprobar(aprobadores[i % aprobadores.length] as Sesion, codigo)),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados.filter((s) => s === 200)).toHaveLength(1);
    expect(estados.filter((s) => s === 409)).toHaveLength(19);
    expect((await auditoriaDe(codigo)).filter((a) => a.tipo === 'CERTIFICADO_AUTORIZACION')).toHaveLength(1);
    const avisos = await e.db.execute(
      sql`select count(*)::int as n from notificacion where datos->>'codigoCertificadoManufactura' = ${String(codigo)}`,
    );
    expect((avisos as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const [c] = await e.db
      .select()
      .from(certificadoManufactura)
      .where(eq(certificadoManufactura.codigoCertificadoManufactura, codigo));
    const ganadora = respuestas.find((r) => r.statusCode === 200)?.json().data.numeroCertificado;
    expect(c?.numeroCertificado).toBe(ganadora);
  });
});

describe('EliminarCertificadoManufactura', () => {
  const eliminar = (s: Sesion, codigo: number) =>
    s.post('/api/Movimiento/EliminarCertificadoManufactura', {
      codigoCertificadoManufactura: codigo,
      usuarioRegistro: 'x',
    });

  it('disables and enables a pending request; a disabled one cannot be approved', async () => {
    const codigo = await guardar();
    const r = await eliminar(solicitante, codigo);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.estadoAnulado).toBe(1);
    const aprobacion = await aprobar(tesorero, codigo);
    expect(aprobacion.statusCode).toBe(422);
    expect(aprobacion.json().message).toBe(M.deshabilitado);
    expect((await eliminar(solicitante, codigo)).json().data.estadoAnulado).toBe(0);
    expect((await auditoriaDe(codigo)).map((a) => a.tipo)).toEqual([
      'CERTIFICADO_REGISTRO',
      'CERTIFICADO_DESHABILITADO',
      'CERTIFICADO_HABILITADO',
    ]);
  });

  it('refuses an authorized certificate, another company (404) and a role without delete', async () => {
    const codigo = await guardar();
    expect((await eliminar(solicitanteB, codigo)).statusCode).toBe(404);
    expect((await eliminar(balanza, codigo)).statusCode).toBe(403);
    await aprobar(tesorero, codigo);
    const r = await eliminar(solicitante, codigo);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(M.soloPendiente);
  });
});

describe('the product lines keep what was certified', () => {
  it('stores a description snapshot of each catalogue product', async () => {
    const codigo = await guardar();
    await e.db
      .update(catalogoUsuario)
      .set({ descripcion: 'OTRA COSA' })
      .where(eq(catalogoUsuario.codigoCatalogoUsuario, productosA[0] ?? 0));
    const lineas = await e.db
      .select()
      .from(certificadoManufacturaDetalle)
      .where(eq(certificadoManufacturaDetalle.codigoCertificadoManufactura, codigo));
    expect(lineas.map((l) => l.descripcionProducto)).toContain('CAMISA DE ALGODÓN');
    await e.db
      .update(catalogoUsuario)
      .set({ descripcion: 'CAMISA DE ALGODÓN' })
      .where(eq(catalogoUsuario.codigoCatalogoUsuario, productosA[0] ?? 0));
  });
});
