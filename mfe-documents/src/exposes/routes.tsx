import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import de from '../locales/de/documents.json';
import en from '../locales/en/documents.json';

const namespace = 'documents';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = ['documents', 'shared-documents', 'document-templates', 'signature-templates', 'form-signed'] as const;

const pages: Record<string, ComponentType> = Object.fromEntries(
  pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
);

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
