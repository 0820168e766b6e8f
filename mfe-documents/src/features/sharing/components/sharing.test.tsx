import type {
  DocumentListResponse,
  DocumentShareEntry,
  DocumentSummary,
  SharedDocumentListResponse,
} from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const documentId = 'a'.repeat(24);
const offer: DocumentSummary = {
  id: documentId,
  name: 'Angebot.pdf',
  size: 2048,
  pageCount: 2,
  folderId: null,
  uploadedAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  uploadedBy: { id: 'u1', name: 'Olga Owner' },
};
const library: DocumentListResponse = {
  documents: [offer],
  page: 1,
  pageCount: 1,
  total: 1,
  search: null,
  folders: [],
  storage: { usedBytes: 2048, limitBytes: 1024 * 1024 * 1024 },
};
const sharedBy = { id: 'u1', name: 'Olga Owner' };
const personShare: DocumentShareEntry = {
  kind: 'person',
  id: 'b'.repeat(24),
  email: 'rita@example.com',
  name: 'Rita Reader',
  sharedAt: '2026-11-23T09:00:00.000Z',
  sharedBy,
};

const isShares = (url: string) => url === `/api/v1/documents/${documentId}/shares`;

const inEnglish = { path: '/en/v1/documents', table: '1 document', share: 'Share “Angebot.pdf”' };
const inGerman = { path: '/v1/documents', table: '1 Dokument', share: 'Teilen „Angebot.pdf“' };

async function openShareDialog({ path, table: tableName, share } = inEnglish) {
  await renderPage(path);
  const table = await screen.findByRole('table', { name: tableName });
  fireEvent.click(within(table).getByRole('button', { name: share }));
  return screen.findByRole('dialog', { name: share.replace(/^Teilen (.*)$/, '$1 teilen') });
}

describe('sharing a document', () => {
  it('lists who has it and shares with people, refusing what is not an address before asking the api', async () => {
    let shares: DocumentShareEntry[] = [];
    const fetch = answerApi((url, init) => {
      if (url.startsWith('/api/v1/documents?')) return [200, library];
      if (url === '/api/v1/team/groups') return [200, { groups: [] }];
      if (isShares(url) && init?.method === 'POST') {
        shares = [personShare];
        return [201, { shares, linkPath: null }];
      }
      if (isShares(url)) return [200, { shares }];
      return [404];
    });
    const dialog = await openShareDialog();
    expect(await within(dialog).findByText('The document is not shared with anyone yet.')).toBeTruthy();
    expect(within(dialog).getByText(/Your team has no groups yet/)).toBeTruthy();

    const addresses = within(dialog).getByRole('textbox', { name: 'Email addresses' });
    fireEvent.change(addresses, { target: { value: 'rita@example.com, not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText('Not a valid email address: not-an-address')).toBeTruthy();
    expect(addresses.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([url, init]) => isShares(url) && init?.method === 'POST')).toBe(false);

    fireEvent.change(addresses, { target: { value: 'Rita@Example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), {
      target: { value: 'Bitte ansehen' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Rita Reader (rita@example.com)')).toBeTruthy();
    const post = fetch.mock.calls.find(([url, init]) => isShares(url) && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      kind: 'people',
      emails: ['rita@example.com'],
      message: 'Bitte ansehen',
    });
    expect(screen.getByText('Shared with 1 person.')).toBeTruthy();
    expect((addresses as HTMLInputElement).value).toBe('');
  });

  it('creates a link valid for the chosen days and shows it once, with the whole address', async () => {
    const fetch = answerApi((url, init) => {
      if (url.startsWith('/api/v1/documents?')) return [200, library];
      if (url === '/api/v1/team/groups')
        return [200, { groups: [{ id: 'g'.repeat(24), name: 'Vertrieb', memberCount: 3 }] }];
      if (isShares(url) && init?.method === 'POST') {
        const link = {
          kind: 'link',
          id: 'c'.repeat(24),
          expiresAt: '2026-12-23T09:00:00.000Z',
          sharedAt: '2026-11-23T09:00:00.000Z',
          sharedBy,
        };
        return [201, { shares: [link], linkPath: `/api/v1/shared-links/${'t'.repeat(43)}` }];
      }
      if (isShares(url)) return [200, { shares: [] }];
      return [404];
    });
    const dialog = await openShareDialog();
    expect(await within(dialog).findByRole('option', { name: 'Vertrieb (3 members)' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Valid for' }), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = (await within(dialog).findByRole('textbox', { name: 'New link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/api/v1/shared-links/${'t'.repeat(43)}`);
    expect(within(dialog).getByText(/shown this one time only/)).toBeTruthy();
    const post = fetch.mock.calls.find(([url, init]) => isShares(url) && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ kind: 'link', days: 30 });
  });

  it('takes a share back, and says in words when that is not allowed', async () => {
    answerApi((url, init) => {
      if (url.startsWith('/api/v1/documents?')) return [200, library];
      if (url === '/api/v1/team/groups') return [200, { groups: [] }];
      if (url.startsWith(`/api/v1/documents/${documentId}/shares/`) && init?.method === 'DELETE') {
        return [403, { error: { code: 'FORBIDDEN', message: 'x' } }];
      }
      if (isShares(url)) return [200, { shares: [personShare] }];
      return [404];
    });
    const dialog = await openShareDialog(inGerman);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Entfernen: Rita Reader (rita@example.com)' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Eine Freigabe entfernen dürfen nur die Person, die sie erstellt hat, sowie Inhaber und Admins des Teams.',
    );
  });
});

describe('shared with me', () => {
  const shared: SharedDocumentListResponse = {
    documents: [
      {
        document: { ...offer, name: 'Handbuch.pdf' },
        teamName: 'Vertrieb GmbH',
        sharedBy: { id: 'u2', name: 'Gina Group' },
        sharedAt: '2026-11-24T10:00:00.000Z',
        via: { kind: 'group', name: 'Außendienst' },
      },
    ],
    page: 1,
    pageCount: 1,
    total: 1,
  };

  it('lists each document with who shared it, from which team and through what, to preview or download', async () => {
    answerApi((url) => (url.startsWith('/api/v1/shared-documents?') ? [200, shared] : [404]));
    await renderPage('/v1/documents/shared');
    const table = await screen.findByRole('table', { name: '1 geteiltes Dokument' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .slice(0, 3)
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Handbuch.pdf', 'Gina Group', 'Vertrieb GmbH']);
    expect(within(table).getByText('Gruppe „Außendienst“')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Herunterladen „Handbuch.pdf“' }).getAttribute('href')).toBe(
      `/api/v1/shared-documents/${documentId}/file`,
    );
    const sections = screen.getByRole('navigation', { name: 'Bereiche der Dokumente' });
    expect(within(sections).getByRole('link', { name: 'Mit mir geteilt' }).getAttribute('aria-current')).toBe('page');
  });

  it('says what will appear here while nothing is shared', async () => {
    answerApi(() => [200, { documents: [], page: 1, pageCount: 0, total: 0 }]);
    await renderPage('/en/v1/documents/shared');
    expect(await screen.findByText('Nothing shared with you yet')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
