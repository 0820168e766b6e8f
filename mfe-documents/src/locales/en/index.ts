import library from '../../features/library/locales/en/library.json';
import sharing from '../../features/sharing/locales/en/sharing.json';
import signatureTemplate from '../../features/signature-template/locales/en/signature-template.json';
import signer from '../../features/signer/locales/en/signer.json';
import signingRequests from '../../features/signing-requests/locales/en/signing-requests.json';
import signingSend from '../../features/signing-send/locales/en/signing-send.json';
import templates from '../../features/templates/locales/en/templates.json';
import documents from './documents.json';

/** The documents area's texts in English: its own (titles) and one file per feature, nested by feature (`documents:library.…`). */
export default { ...documents, library, sharing, signatureTemplate, signer, signingRequests, signingSend, templates };
