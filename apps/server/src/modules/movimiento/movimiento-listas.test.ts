import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parametroSeccion } from '../../db/schema';
import { ordenVehicular, RUC_TRANSPORTISTA } from '../../../test/fabricas-movimiento';
import { e, base, s, guardar, contarMovimientos, prepararEntorno } from '../../../test/entorno-ordenes';

// The order form's lists (country, route, customs, load type, document types…) are the server's rule too.
prepararEntorno();

describe('GuardarMovimiento: values of the form lists', () => {
  it('refuses codes that are not in their list, each on its field, and stores nothing', async () => {
    const antes = await contarMovimientos();
    const cuerpo = ordenVehicular([base.productos[0] as number], {
      codigoTipoMercaderia: 'XXX',
      paisProcedencia: 'ZZ',
      codigoVia: '99',
      codigoSalidaAduana: '999',
      codigoTipoDocumentoIdentidad: '99',
      numeroDocumentoIdentidad: 'X1234567',
      codigoTipoVehiculo: '98',
      codigoClaseBrevete: 'B-IX',
      codigoTipoCarga: 7,
    });
    const doc = cuerpo.documentos?.[0];
    if (doc) {
      doc.codigoTipoDocumento = '77';
      const linea = doc.productos?.[0];
      if (linea) linea.codigoTipoBulto = '55';
    }
    const r = await guardar(s, cuerpo);
    expect(r.statusCode).toBe(422);
    const errores = r.json().errors as Record<string, string[]>;
    for (const campo of [
      'codigoTipoMercaderia',
      'paisProcedencia',
      'codigoVia',
      'codigoSalidaAduana',
      'codigoTipoDocumentoIdentidad',
      'codigoTipoVehiculo',
      'codigoClaseBrevete',
      'codigoTipoCarga',
      'documentos.0.codigoTipoDocumento',
      'documentos.0.productos.0.codigoTipoBulto',
    ])
      expect(errores[campo], campo).toEqual([M.valorFueraDeLista]);
    expect(await contarMovimientos()).toBe(antes);
  });

  it("refuses the form's disabled options: RUC as the driver's document, Peru as an export's destination", async () => {
    const r = await guardar(
      s,
      ordenVehicular([base.productos[0] as number], {
        codigoTipoMercaderia: 'EXP',
        codigoTipoOperacion: 2,
        paisProcedencia: 'PE',
        codigoTipoDocumentoIdentidad: '3',
        numeroDocumentoIdentidad: '20512333797',
      }),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.codigoTipoDocumentoIdentidad).toEqual([M.rucComoIdentidad]);
    expect(r.json().errors.paisProcedencia).toEqual([M.exportacionAlPeru]);
  });

  it('on edit, a card keeps a value disabled since the order was saved but refuses a new unknown one', async () => {
    const creada = await guardar(s, ordenVehicular(base.productos.slice(0, 1), { codigoTipoVehiculo: '3' }));
    expect(creada.statusCode).toBe(200);
    const codigoMovimiento = creada.json().data.codigoMovimiento as number;
    const furgoneta = and(eq(parametroSeccion.codigoParametro, 23), eq(parametroSeccion.codigo, '3'));
    await e.db.update(parametroSeccion).set({ estadoAnulado: 1 }).where(furgoneta);
    try {
      const tarjeta = { ...ordenVehicular([]), codigoMovimiento, seccion: 'transportista', documentos: [] };
      const igual = await guardar(s, { ...tarjeta, codigoTipoVehiculo: '3', placaUno: 'XYZ-987' });
      expect(igual.statusCode, igual.body).toBe(200);
      const otro = await guardar(s, { ...tarjeta, codigoTipoVehiculo: '98', version: igual.json().data.version });
      expect(otro.statusCode).toBe(422);
      expect(otro.json().errors.codigoTipoVehiculo).toEqual([M.valorFueraDeLista]);
      const ahora = (await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigoMovimiento}`)).json().data;
      expect(ahora.codigoTipoVehiculo).toBe('3');
      expect(ahora.placaUno).toBe('XYZ-987');
    } finally {
      await e.db.update(parametroSeccion).set({ estadoAnulado: 0 }).where(furgoneta);
    }
  });
});

describe('GuardarMovimiento: the company and the other looked-up values are fields of the form', () => {
  it('an unknown or annulled company is a 422 on codigoEmpresaUsuario for staff who act for any company', async () => {
    const operador = await e.sesion(1, 1);
    const anulada = await e.crearEmpresa({ estadoAnulado: 1 });
    const antes = await contarMovimientos();
    for (const codigoEmpresaUsuario of [999999, anulada.codigoEmpresaUsuario]) {
      const r = await guardar(operador, ordenVehicular([base.productos[0] as number], { codigoEmpresaUsuario }));
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().message).toBe(M.camposObligatorios);
      expect(r.json().errors).toEqual({ codigoEmpresaUsuario: [M.empresaNoValida] });
    }
    // A company user naming another company still learns nothing about it (tenancy: 404).
    const ajena = await guardar(s, ordenVehicular([base.productos[0] as number], { codigoEmpresaUsuario: 999999 }));
    expect(ajena.statusCode).toBe(404);
    expect(await contarMovimientos()).toBe(antes);
  });

  it('refuses a provider type other than 1 (national) or 2 (foreign), on the order and on a document', async () => {
    const antes = await contarMovimientos();
    const cuerpo = ordenVehicular([base.productos[0] as number], { codigoTipoImportador: '9' });
    const doc = cuerpo.documentos?.[0];
    if (doc) Object.assign(doc, { codigoTipoImportador: '7', ruc: RUC_TRANSPORTISTA });
    const r = await guardar(s, cuerpo);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().errors).toEqual({
      codigoTipoImportador: [M.valorFueraDeLista],
      'documentos.0.codigoTipoImportador': [M.valorFueraDeLista],
    });
    expect(await contarMovimientos()).toBe(antes);
  });
});
