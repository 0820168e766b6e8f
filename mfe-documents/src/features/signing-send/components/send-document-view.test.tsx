import type { CreateSigningRequestRequest, DocumentListResponse, DocumentSummary } from '@formwerk/contracts';
import { answerMediaQueries } from '@formwerk/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

// jsdom draws no PDF: pages without pictures.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess?: () => void }) => {
    useEffect(() => onLoadSuccess?.(), [onLoadSuccess]);
    return <div>{children}</div>;
  },
  Page: () => null,
}));

const documentId = 'd'.repeat(24);
const requestId = 'f'.repeat(24);

const contract: DocumentSummary = {
  id: documentId,
  name: 'Vertrag.pdf',
  size: 1000,
  pageCount: 3,
  folderId: null,
  uploadedAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  uploadedBy: { id: 'u1', name: 'Olga Owner' },
};

const library: DocumentListResponse = {
  documents: [contract],
  page: 1,
  pageCount: 1,
  total: 1,
  search: null,
  folders: [],
  storage: { usedBytes: 1000, limitBytes: 1024 * 1024 * 1024 },
};

const isSend = (url: string, init?: RequestInit) => url === '/api/v1/signing-requests' && init?.method === 'POST';

function serveLibrary() {
  return answerApi((url, init) => {
    if (url.startsWith('/api/v1/documents?')) return [200, library];
    if (url === `/api/v1/documents/${documentId}`) return [200, contract];
    if (isSend(url, init)) return [201, { id: requestId }];
    return [404];
  });
}

const sentBodies = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls
    .filter(([url, init]) => isSend(url, init))
    .map(([, init]) => JSON.parse(String(init?.body)) as CreateSigningRequestRequest);

const waitForEditor = (title = 'Zur Unterschrift senden') =>
  // The placing is a chunk of its own, fetched (here: transformed) when a document is first sent.
  screen.findByRole('heading', { level: 1, name: new RegExp(`^${title}`) }, { timeout: 15_000 });

beforeEach(() => answerMediaQueries(false));

describe('sending a document of the library without a template', () => {
  it('places the fields and roles, asks before they are left behind, then sends them with the people', async () => {
    const fetch = serveLibrary();
    const router = await renderPage('/v1/documents');
    fireEvent.click(await screen.findByRole('link', { name: 'Zur Unterschrift senden „Vertrag.pdf“' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?send=${documentId}`));
    expect((await waitForEditor()).textContent).toBe('Zur Unterschrift sendenVertrag');
    // The pages as the library counted them.
    expect(await screen.findByRole('group', { name: 'Seite 3 von 3' })).toBeTruthy();

    // The one signer it starts with has nothing to sign yet.
    const next = screen.getByRole('button', { name: 'Weiter: Empfänger' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Rolle „Unterzeichner/in 1“ unterschreibt, hat aber noch kein Feld. Platzieren Sie eine Unterschrift für sie.',
    );
    expect(screen.queryByRole('dialog', { name: 'Zur Unterschrift senden' })).toBeNull();

    const palette = screen.getByRole('complementary', { name: 'Felder' });
    fireEvent.click(within(palette).getByRole('button', { name: 'Unterschrift' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Feld hinzufügen' }));
    expect(await screen.findByRole('button', { name: /^Unterschrift für Unterzeichner\/in 1/ })).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // A second role that gets a copy, in stage 4 (sent as stage 2: stages run without gaps).
    const roles = screen.getByRole('region', { name: 'Rollen' });
    fireEvent.click(within(roles).getByRole('button', { name: 'Rolle hinzufügen' }));
    fireEvent.change(within(roles).getByLabelText('Name der Rolle 2'), { target: { value: 'Buchhaltung' } });
    fireEvent.change(within(roles).getAllByLabelText('Aufgabe')[1] as HTMLElement, { target: { value: 'cc' } });
    fireEvent.change(within(roles).getAllByLabelText('Stufe')[1] as HTMLElement, { target: { value: '4' } });

    // Nothing is stored: leaving asks first.
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Dokumentbibliothek' }));
    });
    const leave = await screen.findByRole('dialog', { name: 'Änderungen verwerfen?' });
    expect(within(leave).getByText(/werden nirgends gespeichert/)).toBeTruthy();
    fireEvent.click(within(leave).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(router.state.location.search).toBe(`?send=${documentId}`);

    fireEvent.click(next);
    const dialog = await screen.findByRole('dialog', { name: 'Zur Unterschrift senden' }, { timeout: 15_000 });
    expect((within(dialog).getByLabelText('Titel') as HTMLInputElement).value).toBe('Vertrag');
    expect(within(dialog).getByRole('group', { name: 'Stufe 1 von 2' })).toBeTruthy();
    expect(
      within(within(dialog).getByRole('group', { name: 'Stufe 2 von 2' })).getByRole('group', {
        name: 'Buchhaltung Kopie (CC)',
      }),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name für Unterzeichner/in 1'), { target: { value: 'Ute Ulm' } });
    fireEvent.change(within(dialog).getByLabelText('E-Mail-Adresse für Unterzeichner/in 1'), {
      target: { value: 'ute@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name für Buchhaltung'), { target: { value: 'Bea Buch' } });
    fireEvent.change(within(dialog).getByLabelText('E-Mail-Adresse für Buchhaltung'), {
      target: { value: 'bea@example.com' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    });

    const [sent] = sentBodies(fetch);
    if (sent?.source.kind !== 'document') throw new Error(`not a document's request: ${JSON.stringify(sent)}`);
    const [signer, copy] = sent.source.roles;
    expect(sent.source).toEqual({
      kind: 'document',
      documentId,
      roles: [
        { id: expect.any(String), name: 'Unterzeichner/in 1', kind: 'signer', order: 1 },
        { id: expect.any(String), name: 'Buchhaltung', kind: 'cc', order: 2 },
      ],
      fields: [expect.objectContaining({ kind: 'signature', roleId: signer?.id, page: 0, required: true })],
    });
    expect(sent).toMatchObject({
      title: 'Vertrag',
      language: 'de',
      recipients: [
        { roleId: signer?.id, name: 'Ute Ulm', email: 'ute@example.com' },
        { roleId: copy?.id, name: 'Bea Buch', email: 'bea@example.com' },
      ],
    });
    // The request's page opens, the guard of the placed fields letting go.
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${requestId}`));
    expect(router.state.location.pathname).toBe('/v1/documents');
    expect(screen.queryByRole('dialog', { name: 'Änderungen verwerfen?' })).toBeNull();
  });

  it('opened by its address alone, reads the document from the api and titles the request with its name', async () => {
    const fetch = serveLibrary();
    const router = await renderPage(`/en/v1/documents?send=${documentId}`);
    expect((await waitForEditor('Send for signature')).textContent).toBe('Send for signatureVertrag');
    expect(await screen.findByRole('group', { name: 'Page 3 of 3' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.startsWith('/api/v1/documents?'))).toBe(false);

    const palette = screen.getByRole('complementary', { name: 'Fields' });
    fireEvent.click(within(palette).getByRole('button', { name: 'Signature' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Add field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' }, { timeout: 15_000 });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Vertrag');
    fireEvent.change(within(dialog).getByLabelText('Name for Signer 1'), { target: { value: 'Ute Ulm' } });
    fireEvent.change(within(dialog).getByLabelText('Email address for Signer 1'), {
      target: { value: 'ute@example.com' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    });
    const [sent] = sentBodies(fetch);
    expect(sent).toMatchObject({ title: 'Vertrag', language: 'en', source: { kind: 'document', documentId } });
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${requestId}`));
    expect(router.state.location.pathname).toBe('/en/v1/documents');
  });

  it('says so, with the way back, when the document is gone', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'gone' } }]);
    await renderPage(`/v1/documents?send=${documentId}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nicht gefunden – vielleicht wurde es inzwischen gelöscht.',
    );
    expect(screen.getByRole('link', { name: 'Dokumentbibliothek' })).toBeTruthy();
  });
});
