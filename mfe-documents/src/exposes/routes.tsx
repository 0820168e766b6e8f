import { type AreaModule, type LazyPage, lazyPage, withSectionNav } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import type { ComponentType } from 'react';

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

// The texts: a chunk per language (locales/<language>/index.ts).
const areaModule: AreaModule = {
  contractVersion: platformContractVersion,
  namespace,
  messages: {
    de: () => import(/* webpackChunkName: "messages-de" */ '../locales/de/index').then((module) => module.default),
    en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/index').then((module) => module.default),
  },
  pages,
};

export default areaModule;
