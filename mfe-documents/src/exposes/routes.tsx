import { type AreaModule, type LazyPage, lazyPage, withSectionNav } from '@formwerk/platform';
import type { ComponentType } from 'react';
import deLibrary from '../features/library/locales/de/library.json';
import enLibrary from '../features/library/locales/en/library.json';
import deSharing from '../features/sharing/locales/de/sharing.json';
import enSharing from '../features/sharing/locales/en/sharing.json';
import deSignatureTemplate from '../features/signature-template/locales/de/signature-template.json';
import enSignatureTemplate from '../features/signature-template/locales/en/signature-template.json';
import deSigner from '../features/signer/locales/de/signer.json';
import enSigner from '../features/signer/locales/en/signer.json';
import deSigningRequests from '../features/signing-requests/locales/de/signing-requests.json';
import enSigningRequests from '../features/signing-requests/locales/en/signing-requests.json';
import deSigningSend from '../features/signing-send/locales/de/signing-send.json';
import enSigningSend from '../features/signing-send/locales/en/signing-send.json';
import deTemplates from '../features/templates/locales/de/templates.json';
import enTemplates from '../features/templates/locales/en/templates.json';
import de from '../locales/de/documents.json';
import en from '../locales/en/documents.json';

const namespace = 'documents';

// The area's sections, as tabs above each of their pages.
const sections = {
  namespace,
  sections: [
    { key: 'library', route: 'v1-documents' },
    { key: 'shared', route: 'v1-documents-shared' },
    { key: 'templates', route: 'v1-documents-templates' },
    { key: 'signature', route: 'v1-signature-template' },
  ],
};
const inSection = (page: LazyPage) => withSectionNav(page, sections);

// Each page is a chunk of its own: this module, which the shell loads for every page of the area,
// holds only the messages and where each page's code is.
const pages: Record<string, ComponentType> = {
  documents: inSection(
    lazyPage(() => import('../features/library/components/documents-page').then((module) => module.DocumentsPage)),
  ),
  'shared-documents': inSection(
    lazyPage(() =>
      import('../features/sharing/components/shared-documents-page').then((module) => module.SharedDocumentsPage),
    ),
  ),
  'document-templates': inSection(
    lazyPage(() => import('../features/templates/components/templates-page').then((module) => module.TemplatesPage)),
  ),
  'signature-templates': inSection(
    lazyPage(() =>
      import('../features/signature-template/components/signature-template-page').then(
        (module) => module.SignatureTemplatePage,
      ),
    ),
  ),
  // Public: every signing mail links here, for people without an account, so no section tabs.
  'form-signed': lazyPage(() =>
    import('../features/signer/components/signer-page').then((module) => module.SignerPage),
  ),
};

// The texts: the area's own (titles) and one file per feature, nested by feature (`documents:library.…`).
const areaModule: AreaModule = {
  namespace,
  messages: {
    de: {
      ...de,
      library: deLibrary,
      sharing: deSharing,
      signatureTemplate: deSignatureTemplate,
      signer: deSigner,
      signingRequests: deSigningRequests,
      signingSend: deSigningSend,
      templates: deTemplates,
    },
    en: {
      ...en,
      library: enLibrary,
      sharing: enSharing,
      signatureTemplate: enSignatureTemplate,
      signer: enSigner,
      signingRequests: enSigningRequests,
      signingSend: enSigningSend,
      templates: enTemplates,
    },
  },
  pages,
};

export default areaModule;
