import type { LineaCalculada, Totales } from '../../platform/dinero';

/** What a UBL 2.1 voucher needs (SUNAT conventions: UBL 2.1, customization 2.0, catálogos 01, 05, 06, 07). */
export interface DatosUbl {
  tipoComprobante: '01' | '03' | '07';
  serie: string;
  numero: number;
  fechaEmision: string;
  fechaVencimiento: string;
  moneda: string;
  montoLetras: string;
  emisor: { ruc: string; razonSocial: string };
  /** `tipoDocumento`: SUNAT catálogo 06 ('6' RUC by default, '1' DNI for a person on a boleta). */
  adquirente: { ruc: string; razonSocial: string; tipoDocumento?: string };
  lineas: (LineaCalculada & { descripcion: string; unidad: string })[];
  totales: Totales;
  /** Nota de crédito: the voucher it corrects and why (catálogo 09: 01 anulación, 07 devolución…). */
  referencia?: { tipoComprobante: string; serieNumero: string; motivo: string; codigoMotivo: string };
}

const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
export const numeroCompleto = (serie: string, numero: number) => `${serie}-${String(numero).padStart(8, '0')}`;

/** SUNAT catálogo 05 tax schemes by treatment. */
const IGV = { id: '1000', nombre: 'IGV', tipo: 'VAT', categoria: 'S' };
const ESQUEMA: Record<string, { id: string; nombre: string; tipo: string; categoria: string }> = {
  '10': IGV,
  '20': { id: '9997', nombre: 'EXO', tipo: 'VAT', categoria: 'E' },
  '30': { id: '9998', nombre: 'INA', tipo: 'FRE', categoria: 'O' },
};

const NS = {
  '01': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  '03': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  '07': 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

function subtotal(base: string, impuesto: string, afectacion: string, moneda: string, porcentaje?: string) {
  const e = ESQUEMA[afectacion] ?? IGV;
  return `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="${moneda}">${base}</cbc:TaxableAmount><cbc:TaxAmount currencyID="${moneda}">${impuesto}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>${e.categoria}</cbc:ID>${porcentaje ? `<cbc:Percent>${porcentaje}</cbc:Percent><cbc:TaxExemptionReasonCode>${afectacion}</cbc:TaxExemptionReasonCode>` : ''}<cac:TaxScheme><cbc:ID>${e.id}</cbc:ID><cbc:Name>${e.nombre}</cbc:Name><cbc:TaxTypeCode>${e.tipo}</cbc:TaxTypeCode></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`;
}

function parte(ruc: string, razonSocial: string, tipoDocumento = '6') {
  return `<cac:Party><cac:PartyIdentification><cbc:ID schemeID="${esc(tipoDocumento)}">${esc(ruc)}</cbc:ID></cac:PartyIdentification><cac:PartyLegalEntity><cbc:RegistrationName>${esc(razonSocial)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>`;
}

/**
 * The unsigned UBL 2.1 document (Invoice for 01/03, CreditNote for 07), elements in the schema's order, with an
 * empty ext:ExtensionContent where the enveloped signature goes.
 */
export function construirUbl(d: DatosUbl): string {
  const nota = d.tipoComprobante === '07';
  const raiz = nota ? 'CreditNote' : 'Invoice';
  const m = d.moneda;
  const id = numeroCompleto(d.serie, d.numero);
  const t = d.totales;
  const subtotales = [
    t.gravado.gt(0) || (!t.exonerado.gt(0) && !t.inafecto.gt(0))
      ? subtotal(t.gravado.toFixed(2), t.igv.toFixed(2), '10', m)
      : '',
    t.exonerado.gt(0) ? subtotal(t.exonerado.toFixed(2), '0.00', '20', m) : '',
    t.inafecto.gt(0) ? subtotal(t.inafecto.toFixed(2), '0.00', '30', m) : '',
  ].join('');
  const lineas = d.lineas
    .map((l, i) => {
      const cantidad = nota ? 'CreditedQuantity' : 'InvoicedQuantity';
      return `<cac:${raiz}Line><cbc:ID>${i + 1}</cbc:ID><cbc:${cantidad} unitCode="${esc(l.unidad)}">${l.cantidad.toFixed(3)}</cbc:${cantidad}><cbc:LineExtensionAmount currencyID="${m}">${l.valorVenta.toFixed(2)}</cbc:LineExtensionAmount><cac:PricingReference><cac:AlternativeConditionPrice><cbc:PriceAmount currencyID="${m}">${l.precioUnitario.toFixed(2)}</cbc:PriceAmount><cbc:PriceTypeCode>01</cbc:PriceTypeCode></cac:AlternativeConditionPrice></cac:PricingReference><cac:TaxTotal><cbc:TaxAmount currencyID="${m}">${l.igv.toFixed(2)}</cbc:TaxAmount>${subtotal(l.valorVenta.toFixed(2), l.igv.toFixed(2), l.afectacionIgv, m, l.afectacionIgv === '10' ? '18.00' : '0.00')}</cac:TaxTotal><cac:Item><cbc:Description>${esc(l.descripcion)}</cbc:Description></cac:Item><cac:Price><cbc:PriceAmount currencyID="${m}">${l.valorUnitario.toFixed(2)}</cbc:PriceAmount></cac:Price></cac:${raiz}Line>`;
    })
    .join('');
  const referencia = d.referencia
    ? `<cac:DiscrepancyResponse><cbc:ReferenceID>${esc(d.referencia.serieNumero)}</cbc:ReferenceID><cbc:ResponseCode>${esc(d.referencia.codigoMotivo)}</cbc:ResponseCode><cbc:Description>${esc(d.referencia.motivo)}</cbc:Description></cac:DiscrepancyResponse><cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(d.referencia.serieNumero)}</cbc:ID><cbc:DocumentTypeCode>${esc(d.referencia.tipoComprobante)}</cbc:DocumentTypeCode></cac:InvoiceDocumentReference></cac:BillingReference>`
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${raiz} xmlns="${NS[d.tipoComprobante]}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">`,
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
    '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>',
    `<cbc:ID>${id}</cbc:ID><cbc:IssueDate>${d.fechaEmision}</cbc:IssueDate>`,
    nota ? '' : `<cbc:DueDate>${d.fechaVencimiento}</cbc:DueDate>`,
    nota ? '' : `<cbc:InvoiceTypeCode listID="0101">${d.tipoComprobante}</cbc:InvoiceTypeCode>`,
    `<cbc:Note languageLocaleID="1000">${esc(d.montoLetras)}</cbc:Note>`,
    `<cbc:DocumentCurrencyCode>${m}</cbc:DocumentCurrencyCode>`,
    referencia,
    `<cac:Signature><cbc:ID>${esc(d.emisor.ruc)}</cbc:ID><cac:SignatoryParty><cac:PartyIdentification><cbc:ID>${esc(d.emisor.ruc)}</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>${esc(d.emisor.razonSocial)}</cbc:Name></cac:PartyName></cac:SignatoryParty><cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignatureCronos</cbc:URI></cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature>`,
    `<cac:AccountingSupplierParty>${parte(d.emisor.ruc, d.emisor.razonSocial)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${parte(d.adquirente.ruc, d.adquirente.razonSocial, d.adquirente.tipoDocumento)}</cac:AccountingCustomerParty>`,
    `<cac:TaxTotal><cbc:TaxAmount currencyID="${m}">${t.igv.toFixed(2)}</cbc:TaxAmount>${subtotales}</cac:TaxTotal>`,
    `<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="${m}">${t.gravado.plus(t.exonerado).plus(t.inafecto).toFixed(2)}</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount currencyID="${m}">${t.total.toFixed(2)}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="${m}">${t.total.toFixed(2)}</cbc:PayableAmount></cac:LegalMonetaryTotal>`,
    lineas,
    `</${raiz}>`,
  ].join('');
}
