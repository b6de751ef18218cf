import { MENSAJES_MOVIMIENTO as M, MENSAJES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, reservaLote, transportistaUsuario } from '../../db/schema';
import { crearLote, ordenVehicular } from '../../../test/fabricas-movimiento';
import { e, base, otra, s, guardar, contarMovimientos, prepararEntorno } from '../../../test/entorno-ordenes';

// Registering orders and reserving lots.
prepararEntorno();

describe('GuardarMovimiento (create)', () => {
  it('registers a vehicle order with a container and two documents, answering the OP code', async () => {
    const auditoriaAntes = await e.contarAuditoria();
    const cuerpo = ordenVehicular(base.productos.slice(0, 2), {
      codigoTipoCarga: 2,
      numeroContenedor: 'msku123456-5',
      codigoTipoContenedor: '2',
      lineaNaviera: '11',
    });
    cuerpo.documentos?.push({
      codigoTipoDocumento: '1',
      numeroDocumento: 'f001-00234',
      ruc: '20100070970',
      razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
      productos: [{ codigoCatalogoUsuario: base.productos[2] as number, cantidad: 5, peso: 20, valorFOB: 1 }],
    });
    const r = await guardar(s, cuerpo);
    expect(r.statusCode).toBe(200);
    const { codigoMovimiento, codigoIngreso } = r.json().data;
    expect(codigoIngreso).toMatch(/^OP\d{7}$/);
    expect(r.json().message).toContain(codigoIngreso);
    expect(await e.contarAuditoria()).toBe(auditoriaAntes + 1);

    const l = await s.get(`/api/Movimiento/ListarRegistro?CodigoMovimiento=${codigoMovimiento}`);
    expect(l.statusCode).toBe(200);
    const d = l.json().data;
    expect(d).toMatchObject({
      codigoIngreso,
      codigoTipoCarga: 2,
      numeroContenedor: 'MSKU123456-5',
      descripcionTipoMercaderia: 'Extranjera',
      descripcionTipoOperacion: 'Ingreso',
      razonSocialTransportistaUsuario: 'TRANSPORTES DEL SUR S.A.C.',
      placaUno: 'ABC-123',
      codigoEstadoMovimiento: 1,
    });
    expect(d.documentos).toHaveLength(2);
    expect(d.documentos[0].numeroDocumento).toBe('INV-2026-001');
    expect(d.documentos[0].productos).toHaveLength(2);
    expect(d.documentos[0].productos[0]).toMatchObject({ cantidad: 10, peso: 100.5, valorFOB: 12.34567 });
    expect(d.documentos[1].descripcionDocumento).toBe('FACTURA');
    const porCodigo = await s.get(`/api/Movimiento/ListarRegistro?CodigoIngreso=${codigoIngreso}`);
    expect(porCodigo.json().data.codigoMovimiento).toBe(codigoMovimiento);
  });

  it('gives distinct OP codes to orders saved at the same instant', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, () => guardar(s, ordenVehicular([base.productos[0] as number]))),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const codigos = respuestas.map((r) => r.json().data.codigoIngreso);
    expect(new Set(codigos).size).toBe(8);
  });

  it('refuses missing and malformed fields with the spec messages and saves nothing', async () => {
    const antes = await contarMovimientos();
    const auditoria = await e.contarAuditoria();
    const r = await guardar(s, {
      ...ordenVehicular(base.productos.slice(0, 1)),
      placaUno: 'AB-12',
      guiaTransportista: '001-12345',
      numeroBrevete: '12345678',
      codigoTipoCarga: 2,
      numeroContenedor: 'ABC123',
      codigoTipoContenedor: null,
      codigoTipoMercaderia: null,
      numeroBultos: null,
    });
    expect(r.statusCode).toBe(422);
    const { errors } = r.json();
    expect(errors.placaUno).toEqual([M.placa]);
    expect(errors.guiaTransportista).toEqual([M.guia]);
    expect(errors.numeroBrevete).toEqual([M.brevete]);
    expect(errors.numeroContenedor).toEqual([M.contenedor]);
    expect(errors.codigoTipoContenedor).toEqual([MENSAJES.requerido]);
    expect(errors.codigoTipoMercaderia).toEqual([MENSAJES.requerido]);
    expect(errors.numeroBultos).toEqual([MENSAJES.requerido]);
    expect(await contarMovimientos()).toBe(antes);
    expect(await e.contarAuditoria()).toBe(auditoria);
  });

  it('refuses a container whose ISO 6346 check digit is wrong (MSKU123456-7) and saves nothing', async () => {
    const antes = await contarMovimientos();
    const conContenedor = (numeroContenedor: string) =>
      guardar(
        s,
        ordenVehicular(base.productos.slice(0, 1), {
          codigoTipoCarga: 2,
          numeroContenedor,
          codigoTipoContenedor: '2',
          lineaNaviera: '11',
        }),
      );
    const r = await conContenedor('MSKU123456-7');
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.numeroContenedor).toEqual([M.contenedorDigito]);
    expect(await contarMovimientos()).toBe(antes);
    const ok = await conContenedor('CSQU305438-3');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('requires the rear plate for trailer types and accepts foreign formats for a foreign carrier', async () => {
    const r = await guardar(s, { ...ordenVehicular(base.productos.slice(0, 1)), codigoTipoVehiculo: '9' });
    expect(r.json().errors.placaDos).toEqual([MENSAJES.requerido]);
    const ext = await guardar(s, {
      ...ordenVehicular(base.productos.slice(0, 1)),
      indicadorExtranjero: true,
      placaUno: 'XYZ-12',
      numeroBrevete: 'A1234',
    });
    expect(ext.json().errors.placaUno).toEqual([M.placaExtranjera]);
    expect(ext.json().errors.numeroBrevete).toEqual([M.breveteExtranjero]);
  });

  it('refuses an order without documents with products, and a product twice in one document', async () => {
    const sin = await guardar(s, { ...ordenVehicular([]), documentos: [] });
    expect(sin.json().errors.documentos).toEqual([M.documentosConProductos]);
    const p = base.productos[0] as number;
    const doble = await guardar(s, ordenVehicular([p, p]));
    expect(doble.statusCode).toBe(422);
    expect(doble.json().errors['documentos.0.productos.1.codigoCatalogoUsuario']).toEqual([M.productoDuplicado]);
  });

  it('refuses quantities out of range, a zero quantity and a product of another company', async () => {
    const cuerpo = ordenVehicular(base.productos.slice(0, 1));
    const doc = cuerpo.documentos?.[0];
    if (!doc?.productos?.[0]) throw new Error('fixture');
    doc.productos[0].cantidad = 0;
    doc.productos[0].peso = 1_000_000;
    const r = await guardar(s, cuerpo);
    expect(r.json().errors['documentos.0.productos.0.cantidad']).toEqual([M.cantidadMayorCero]);
    expect(r.json().errors['documentos.0.productos.0.peso']).toBeDefined();
    const ajeno = await guardar(s, ordenVehicular([otra.productos[0] as number]));
    expect(ajeno.statusCode).toBe(422);
    expect(ajeno.json().errors['documentos.0.productos.0.codigoCatalogoUsuario']).toEqual([M.productoRequerido]);
  });

  it('refuses a national provider RUC with a wrong check digit, dates before yesterday and a carrier without contract', async () => {
    const cuerpo = ordenVehicular(base.productos.slice(0, 1), { fechaIngreso: '2026-11-17T10:00:00-05:00' });
    const doc = cuerpo.documentos?.[0];
    if (!doc) throw new Error('fixture');
    Object.assign(doc, { codigoTipoImportador: '1', ruc: '20100070971' });
    const r = await guardar(s, cuerpo);
    expect(r.json().errors['documentos.0.ruc']).toEqual([M.rucInvalido]);
    const fecha = await guardar(
      s,
      ordenVehicular(base.productos.slice(0, 1), { fechaIngreso: '2026-11-17T10:00:00-05:00' }),
    );
    expect(fecha.json().errors.fechaIngreso).toEqual([M.fechaPasada]);
    await e.db
      .update(transportistaUsuario)
      .set({ fechaCese: '2026-11-01' })
      .where(eq(transportistaUsuario.codigoEmpresaUsuario, otra.empresa.codigoEmpresaUsuario));
    const sOtra = await e.sesion(8, otra.empresa.codigoEmpresaUsuario);
    const vencido = await guardar(sOtra, ordenVehicular(otra.productos.slice(0, 1)));
    expect(vencido.json().errors.rucTransportistaUsuario).toEqual([M.sinContrato]);
  });

  it('registers a pedestrian order; the declaration is required for exits', async () => {
    const peaton = {
      codigoTipoIngreso: 'PE',
      codigoTipoOperacion: 2,
      fechaIngreso: '2026-11-20T10:00:00-05:00',
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '45678912',
      nombres: 'JUAN CARLOS',
      apellidoPaterno: 'MAMANI',
      apellidoMaterno: 'QUISPE',
      numeroBultos: 2,
      documentos: [
        {
          codigoTipoDocumento: '2',
          numeroDocumento: 'B001-00012',
          ruc: '20100070970',
          razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
          productos: [{ codigoCatalogoUsuario: base.productos[1], cantidad: 2, peso: 1.5, valorFOB: 10 }],
        },
      ],
    };
    const sinDeclaracion = await guardar(s, peaton);
    expect(sinDeclaracion.json().errors.numeroDeclaracion).toEqual([MENSAJES.requerido]);
    const letras = await guardar(s, { ...peaton, numeroDeclaracion: '12a', nombres: 'juan1' });
    expect(letras.json().errors.numeroDeclaracion).toBeDefined();
    expect(letras.json().errors.nombres).toEqual(['Solo letras mayúsculas']);
    // Exit of an active warehouse: the line must come from lots.
    const sinLotes = await guardar(s, { ...peaton, numeroDeclaracion: '123456' });
    expect(sinLotes.json().errors['documentos.0.productos.0.codigoProductoSaliente']).toEqual([M.cantidadKardex(2)]);
    const ok = await guardar(s, { ...peaton, codigoTipoOperacion: 1 });
    expect(ok.statusCode).toBe(200);
  });
});

describe('exit lines reserve lots', () => {
  it('reserves from the chosen lots, refuses totals that do not match, and never more than a lot holds', async () => {
    const p = base.productos[1] as number;
    const l1 = await crearLote(e, base.almacen, p, 10, 'DAM-1');
    const l2 = await crearLote(e, base.almacen, p, 5, 'DAM-2');
    const salida = (lotes: { codigoLote: number; cantidad: number }[], cantidad: number) => {
      const c = ordenVehicular([p], { codigoTipoOperacion: 2, codigoTipoMercaderia: 'EXP', paisProcedencia: 'BO' });
      const linea = c.documentos?.[0]?.productos?.[0];
      if (!linea) throw new Error('fixture');
      Object.assign(linea, { cantidad, codigoProductoSaliente: lotes });
      return c;
    };
    const excede = await guardar(
      s,
      salida(
        [
          { codigoLote: l1, cantidad: 10 },
          { codigoLote: l2, cantidad: 3 },
        ],
        12,
      ),
    );
    expect(excede.json().errors['documentos.0.productos.0.codigoProductoSaliente']).toEqual([M.cantidadLote(12)]);
    const demasiado = await guardar(s, salida([{ codigoLote: l2, cantidad: 6 }], 6));
    expect(demasiado.statusCode).toBe(422);
    expect(demasiado.json().message).toBe(M.stockInsuficiente);
    const bien = await guardar(
      s,
      salida(
        [
          { codigoLote: l1, cantidad: 8 },
          { codigoLote: l2, cantidad: 4 },
        ],
        12,
      ),
    );
    expect(bien.statusCode).toBe(200);
    const [fila] = await e.db.select().from(lote).where(eq(lote.codigoLote, l1));
    expect(fila?.cantidadReservada).toBe('8.000');
    const stock = await s.get(
      `/api/Almacen/ConsultarKardexStockCodigoCatalogo?CodigoCatalogoUsuario=${p}&CodigoEmpresaAlmacen=${base.almacen}`,
    );
    expect(stock.json().data.map((x: { cantidadStock: number }) => x.cantidadStock)).toEqual([2, 1]);
    const registro = await s.get(
      `/api/Movimiento/ListarRegistro?CodigoMovimiento=${bien.json().data.codigoMovimiento}`,
    );
    const linea = registro.json().data.documentos[0].productos[0];
    expect(linea.codigoProductoSaliente.map((x: { cantidad: number }) => x.cantidad)).toEqual([8, 4]);

    // Deleting the line releases what it held.
    const del = await s.post('/api/Movimiento/EliminarDetalleMovimientoPorCodigo', {
      data: { codigoMovimientoDetalle: linea.codigoMovimientoDetalle },
    });
    expect(del.statusCode).toBe(200);
    const [despues] = await e.db.select().from(lote).where(eq(lote.codigoLote, l1));
    expect(despues?.cantidadReservada).toBe('0.000');
    expect(
      await e.db
        .select()
        .from(reservaLote)
        .where(eq(reservaLote.codigoMovimientoDetalle, linea.codigoMovimientoDetalle)),
    ).toEqual([]);
  });

  it('20 concurrent exits on one lot of 10 units: exactly 10 reserved, never oversold', async () => {
    const p = base.productos[2] as number;
    const l = await crearLote(e, base.almacen, p, 10, 'DAM-CONC');
    const cuerpo = () => {
      const c = ordenVehicular([p], { codigoTipoOperacion: 2, codigoTipoMercaderia: 'EXP', paisProcedencia: 'BO' });
      const linea = c.documentos?.[0]?.productos?.[0];
      if (!linea) throw new Error('fixture');
      Object.assign(linea, { cantidad: 1, codigoProductoSaliente: [{ codigoLote: l, cantidad: 1 }] });
      return c;
    };
    const respuestas = await Promise.all(Array.from({ length: 20 }, () => guardar(s, cuerpo())));
    const exitos = respuestas.filter((r) => r.statusCode === 200).length;
    expect(exitos).toBe(10);
    expect(respuestas.filter((r) => r.statusCode === 422).every((r) => r.json().message === M.stockInsuficiente)).toBe(
      true,
    );
    const [fila] = await e.db.select().from(lote).where(eq(lote.codigoLote, l));
    expect(fila?.cantidadReservada).toBe('10.000');
  });
});
