/** Where the tests find the OASIS UBL 2.1 document schemas the electronic vouchers must validate against. */
import { resolve } from 'node:path';

/** The `maindoc` folder (Invoice, CreditNote, DebitNote, ApplicationResponse), kept inside the repository. */
export const XSD_UBL = resolve(import.meta.dirname, 'ubl-2.1/xsd/maindoc');
