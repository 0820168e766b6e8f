import library from '../../features/library/locales/de/library.json';
import sharing from '../../features/sharing/locales/de/sharing.json';
import signatureTemplate from '../../features/signature-template/locales/de/signature-template.json';
import signer from '../../features/signer/locales/de/signer.json';
import signingRequests from '../../features/signing-requests/locales/de/signing-requests.json';
import signingSend from '../../features/signing-send/locales/de/signing-send.json';
import templates from '../../features/templates/locales/de/templates.json';
import documents from './documents.json';

/** The documents area's texts in German: its own (titles) and one file per feature, nested by feature (`documents:library.…`). */
export default { ...documents, library, sharing, signatureTemplate, signer, signingRequests, signingSend, templates };
