import { DOMParser } from '@xmldom/xmldom';
import type { Db } from '../../db/client';
import * as repo from './finanzas.repository';

/** The receiver's answer: accepted or rejected, with its CDR (constancia de recepción, an ApplicationResponse). */
export interface RespuestaReceptor {
  aceptado: boolean;
  cdr: string;
  descripcion: string;
}
/** Where signed vouchers are sent: an OSE or the tax authority's service, or the local receiver. */
export interface Receptor {
  enviar(nombre: string, xml: string): Promise<RespuestaReceptor>;
}

/** Builds a CDR like the tax authority's: an ApplicationResponse with the response code and description. */
export function construirCdr(nombre: string, aceptado: boolean, descripcion: string, fecha: Date) {
  const dia = fecha.toISOString().slice(0, 10);
  const hora = fecha.toISOString().slice(11, 19);
  return `<?xml version="1.0" encoding="UTF-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID><cbc:ID>${Date.now()}</cbc:ID><cbc:IssueDate>${dia}</cbc:IssueDate><cbc:IssueTime>${hora}</cbc:IssueTime><cbc:ResponseDate>${dia}</cbc:ResponseDate><cbc:ResponseTime>${hora}</cbc:ResponseTime><cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification></cac:SenderParty><cac:ReceiverParty><cac:PartyIdentification><cbc:ID>${nombre.slice(0, 11)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty><cac:DocumentResponse><cac:Response><cbc:ReferenceID>${nombre.slice(15)}</cbc:ReferenceID><cbc:ResponseCode>${aceptado ? '0' : '2335'}</cbc:ResponseCode><cbc:Description>${descripcion}</cbc:Description></cac:Response><cac:DocumentReference><cbc:ID>${nombre.slice(15)}</cbc:ID></cac:DocumentReference></cac:DocumentResponse></ApplicationResponse>`;
}

/**
 * The local receiver for tests and the demo: answers like the real one. It accepts a well-formed voucher that
 * carries a signature and rejects anything else.
 */
export function receptorLocal(ahora: () => Date): Receptor {
  return {
    async enviar(nombre, xml) {
      const doc = new DOMParser().parseFromString(xml, 'text/xml');
      const firmado = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'SignatureValue').length > 0;
      const numero = nombre.slice(15);
      const descripcion = firmado
        ? `El comprobante numero ${numero}, ha sido aceptado`
        : `El comprobante numero ${numero} no tiene firma digital`;
      return { aceptado: firmado, cdr: construirCdr(nombre, firmado, descripcion, ahora()), descripcion };
    },
  };
}

/**
 * An HTTP receiver (ENVIO_COMPROBANTES_URL): POSTs the signed XML named `{RUC}-{tipo}-{serie}-{numero}` and reads
 * the CDR it answers (an ApplicationResponse; ResponseCode 0 = accepted). A network failure throws: the voucher
 * stays queued.
 */
export function receptorHttp(url: string): Receptor {
  return {
    async enviar(nombre, xml) {
      const r = await fetch(`${url.replace(/\/$/, '')}/${encodeURIComponent(nombre)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: xml,
        signal: AbortSignal.timeout(15_000),
      });
      if (r.status >= 500) throw new Error(`El receptor respondió ${r.status}`);
      const cdr = await r.text();
      const doc = new DOMParser().parseFromString(cdr, 'text/xml');
      const cbc = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
      const codigo = doc.getElementsByTagNameNS(cbc, 'ResponseCode')[0]?.textContent ?? '';
      const descripcion = doc.getElementsByTagNameNS(cbc, 'Description')[0]?.textContent ?? `HTTP ${r.status}`;
      return { aceptado: codigo === '0', cdr, descripcion };
    },
  };
}

/**
 * Sends every queued voucher once: each is taken with a guarded update (two workers never take the same one),
 * sent, and its answer and CDR stored. A network failure puts it back in the queue. Returns how many were sent.
 */
export async function procesarCola(db: Db, receptor: Receptor, rucEmisor: string, ahora: () => Date) {
  let enviados = 0;
  for (let i = 0; i < 500; i++) {
    const c = await repo.tomarParaEnvio(db, ahora());
    if (!c) break;
    const nombre = `${rucEmisor}-${c.tipo_comprobante}-${c.serie}-${c.numero}`;
    try {
      const r = await receptor.enviar(nombre, c.xml);
      await repo.registrarRespuestaEnvio(db, c.codigo_comprobante, {
        estadoEnvio: r.aceptado ? 'ACEPTADO' : 'RECHAZADO',
        cdr: r.cdr,
        errorEnvio: r.aceptado ? null : r.descripcion,
        fechaEnvio: ahora(),
      });
      enviados += 1;
    } catch (e) {
      await repo.registrarRespuestaEnvio(db, c.codigo_comprobante, {
        estadoEnvio: 'PENDIENTE',
        errorEnvio: `Sin conexión con el receptor: ${e instanceof Error ? e.message : String(e)}`,
      });
      break;
    }
  }
  return enviados;
}
