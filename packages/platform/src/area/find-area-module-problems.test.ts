import { describe, expect, it } from 'vitest';
import { findAreaModuleProblems } from './find-area-module-problems';

const complete = {
  namespace: 'documents',
  messages: {
    de: { area: 'Dokumente', empty: { title: 'Leer' } },
    en: { area: 'Documents', empty: { title: 'Empty' } },
  },
  pages: Object.fromEntries(
    ['documents', 'shared-documents', 'document-templates', 'signature-templates', 'form-signed'].map((page) => [
      page,
      () => null,
    ]),
  ),
};

describe('findAreaModuleProblems', () => {
  it('when every page and key is there, reports nothing', () => {
    expect(findAreaModuleProblems('documents', complete)).toEqual([]);
  });

  it('when a routed page is missing, names the page and its route', () => {
    const { 'form-signed': _, ...pages } = complete.pages;
    expect(findAreaModuleProblems('documents', { ...complete, pages })).toEqual([
      'page "form-signed" of route form-signed is missing',
    ]);
  });

  it('when a key exists in one language only, names it and the language', () => {
    const messages = { de: { ...complete.messages.de, extra: 'nur deutsch' }, en: complete.messages.en };
    expect(findAreaModuleProblems('documents', { ...complete, messages })).toEqual([
      'message "extra" exists in de only',
    ]);
  });
});
