import { fueraDeRango, LIMITE_LINEA, PESO_MAXIMO_PEATONAL } from '@cronos/contract';
import { describe, expect, it } from 'vitest';
import { ordenVehicular } from '../../../test/fabricas-movimiento';
import { base, contarMovimientos, guardar, prepararEntorno, s } from '../../../test/entorno-ordenes';

// A value out of its range is refused with the range (422), never clamped, and nothing is stored.
prepararEntorno();

const peatonal = (peso: number) => ({
  codigoTipoIngreso: 'PE',
  codigoTipoOperacion: 1,
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
      numeroDocumento: 'B001-00077',
      ruc: '20100070970',
      razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
      productos: [{ codigoCatalogoUsuario: base.productos[1], cantidad: 2, peso, valorFOB: 10 }],
    },
  ],
});

describe('GuardarMovimiento: limits of a product line', () => {
  it('a quantity over 999999 is refused with the range, not with "mayor a 0", and nothing is stored', async () => {
    const antes = await contarMovimientos();
    const cuerpo = ordenVehicular([base.productos[0] as number]);
    const linea = cuerpo.documentos?.[0]?.productos?.[0];
    if (linea) linea.cantidad = 99_999_999_999;
    const r = await guardar(s, cuerpo);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors['documentos.0.productos.0.cantidad']).toEqual([fueraDeRango('La cantidad', LIMITE_LINEA)]);
    expect(fueraDeRango('La cantidad', LIMITE_LINEA)).toBe('La cantidad debe estar entre 0 y 999999');
    expect(await contarMovimientos()).toBe(antes);
  });

  it('a pedestrian order line of 60 kg is refused (0 to 50 kg) and nothing is stored; 50 kg is accepted', async () => {
    const antes = await contarMovimientos();
    const r = await guardar(s, peatonal(60));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors['documentos.0.productos.0.peso']).toEqual(['El peso debe estar entre 0 y 50']);
    expect(PESO_MAXIMO_PEATONAL).toBe(50);
    expect(await contarMovimientos()).toBe(antes);
    const ok = await guardar(s, peatonal(50));
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(200);
    expect(await contarMovimientos()).toBe(antes + 1);
  });

  it('a vehicle order line keeps the 999999 kg limit (the 50 kg limit is the pedestrian one)', async () => {
    const cuerpo = ordenVehicular([base.productos[0] as number]);
    const linea = cuerpo.documentos?.[0]?.productos?.[0];
    if (linea) linea.peso = 60;
    const r = await guardar(s, cuerpo);
    expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
  });
});
