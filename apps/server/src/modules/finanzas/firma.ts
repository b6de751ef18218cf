import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/** The signer: an RSA private key and its X.509 certificate, both PEM. */
export interface Firmante {
  clavePem: string;
  certificadoPem: string;
}

/** A self-signed demo certificate (RSA 2048, 5 years) for the operator's RUC, made at first start. */
export function generarCertificadoDemo(ruc: string, razonSocial: string, ahora = new Date()): Firmante {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clavePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(ahora.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(ahora.getTime() + 5 * 365 * 86_400_000);
  const nombre = [
    { name: 'commonName', value: `${razonSocial} (DEMO)`.slice(0, 64) },
    { shortName: 'OU', value: ruc },
    { name: 'countryName', value: 'PE' },
  ];
  cert.setSubject(nombre);
  cert.setIssuer(nombre);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(clavePem), forge.md.sha256.create());
  return { clavePem, certificadoPem: forge.pki.certificateToPem(cert) };
}

/** The signer from a PKCS#12 file and its password (FIRMA_PFX_RUTA / FIRMA_PFX_CLAVE). */
export function leerPkcs12(ruta: string, clave: string): Firmante {
  const der = readFileSync(ruta).toString('binary');
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), clave);
  const oidClave = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const oidCert = forge.pki.oids.certBag as string;
  const claves = p12.getBags({ bagType: oidClave })[oidClave] ?? [];
  const certs = p12.getBags({ bagType: oidCert })[oidCert] ?? [];
  const clave0 = claves[0]?.key;
  const cert0 = certs[0]?.cert;
  if (!clave0 || !cert0) throw new Error('El archivo PKCS#12 no tiene clave privada y certificado');
  return { clavePem: forge.pki.privateKeyToPem(clave0), certificadoPem: forge.pki.certificateToPem(cert0) };
}

/**
 * Signs the whole document with an enveloped XML-DSig signature (RSA-SHA256, SHA-256 digest, C14N), placed inside
 * ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent, with the certificate in KeyInfo. Returns the signed
 * XML and the DigestValue (the voucher's hash, printed on the PDF and in the QR).
 */
export function firmarXml(xml: string, f: Firmante): { xml: string; hash: string } {
  const sig = new SignedXml({
    privateKey: f.clavePem,
    publicCert: f.certificadoPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  sig.addReference({
    xpath: '/*',
    uri: '',
    isEmptyUri: true,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: 'SignatureCronos' },
    location: { reference: "//*[local-name()='ExtensionContent']", action: 'append' },
  });
  const firmado = sig.getSignedXml();
  const doc = new DOMParser().parseFromString(firmado, 'text/xml');
  const digest = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'DigestValue')[0]?.textContent ?? '';
  return {
    xml: firmado.startsWith('<?xml') ? firmado : `<?xml version="1.0" encoding="UTF-8"?>${firmado}`,
    hash: digest,
  };
}
