import { describe, expect, it } from 'vitest';
import { platformContractVersion } from '../contract/contract';
import type { AreaMessages } from './area-module';
import { findAreaModuleProblems } from './find-area-module-problems';

const texts = {
  de: { area: 'Dokumente', empty: { title: 'Leer' } },
  en: { area: 'Documents', empty: { title: 'Empty' } },
};
const loaders = (de: AreaMessages, en: AreaMessages) => ({ de: async () => de, en: async () => en });

const complete = {
  contractVersion: platformContractVersion,
  namespace: 'documents',
  messages: loaders(texts.de, texts.en),
  pages: Object.fromEntries(
    ['documents', 'shared-documents', 'document-templates', 'signature-templates', 'form-signed'].map((page) => [
      page,
      () => null,
    ]),
  ),
};

describe('findAreaModuleProblems', () => {
  it('when every page and key is there, reports nothing', async () => {
    expect(await findAreaModuleProblems('documents', complete)).toEqual([]);
  });

  it('when a routed page is missing, names the page and its route', async () => {
    const { 'form-signed': _, ...pages } = complete.pages;
    expect(await findAreaModuleProblems('documents', { ...complete, pages })).toEqual([
      'page "form-signed" of route form-signed is missing',
    ]);
  });

  it('when a key exists in one language only, names it and the language', async () => {
    const messages = loaders({ ...texts.de, extra: 'nur deutsch' }, texts.en);
    expect(await findAreaModuleProblems('documents', { ...complete, messages })).toEqual([
      'message "extra" exists in de only',
    ]);
  });
});
