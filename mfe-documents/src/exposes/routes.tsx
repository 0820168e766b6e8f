import { type AreaModule, lazyPage } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import deLibrary from '../features/library/locales/de/library.json';
import enLibrary from '../features/library/locales/en/library.json';
import de from '../locales/de/documents.json';
import en from '../locales/en/documents.json';

const namespace = 'documents';

// Pages still to come with the area's later issues show their localized title.
const titledPageKeys = ['shared-documents', 'document-templates', 'signature-templates', 'form-signed'] as const;

// Each page is a chunk of its own: this module, which the shell loads for every page of the area,
// holds only the messages and where each page's code is.
const pages: Record<string, ComponentType> = {
  documents: lazyPage(() =>
    import('../features/library/components/documents-page').then((module) => module.DocumentsPage),
  ),
  ...Object.fromEntries(
    titledPageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
};

// The texts: the area's own (titles) and one file per feature, nested by feature (`documents:library.…`).
const areaModule: AreaModule = {
  namespace,
  messages: { de: { ...de, library: deLibrary }, en: { ...en, library: enLibrary } },
  pages,
};

export default areaModule;
