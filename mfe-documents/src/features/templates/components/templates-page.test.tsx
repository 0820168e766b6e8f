import type {
  DocumentListResponse,
  DocumentSummary,
  DocumentTemplate,
  DocumentTemplateListResponse,
  DocumentTemplateSummary,
} from '@formwerk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answerUploads } from '../../../test/fake-upload';
import { answerApi, renderPage } from '../../../test/render-page';

// jsdom draws no PDF: the editor a new template opens in gets pages without pictures.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  Page: () => null,
}));

const summary = (id: string, name: string, change: Partial<DocumentTemplateSummary> = {}): DocumentTemplateSummary => ({
  id,
  name,
  pageCount: 3,
  roleCount: 2,
  fieldCount: 7,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  updatedBy: { id: 'u1', name: 'Olga Owner' },
  ...change,
});

const lease = summary('a'.repeat(24), 'Mietvertrag');
const offer = summary('b'.repeat(24), 'Angebot', { pageCount: 1, roleCount: 1, fieldCount: 2 });

const listOf = (templates: DocumentTemplateSummary[]): DocumentTemplateListResponse => ({
  templates,
  page: 1,
  pageCount: templates.length ? 1 : 0,
  total: templates.length,
});

const libraryDocument = (id: string, name: string): DocumentSummary => ({
  id,
  name,
  size: 1000,
  pageCount: 4,
  folderId: null,
  uploadedAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  uploadedBy: { id: 'u1', name: 'Olga Owner' },
});

const libraryOf = (documents: DocumentSummary[]): DocumentListResponse => ({
  documents,
  page: 1,
  pageCount: documents.length ? 1 : 0,
  total: documents.length,
  search: null,
  folders: [],
  storage: { usedBytes: 0, limitBytes: 1024 },
});

const created = (id: string, name: string): DocumentTemplate => ({
  id,
  name,
  fileName: `${name}.pdf`,
  size: 1000,
  pageCount: 4,
  roles: [{ id: 'r1', name: 'Signer 1', kind: 'signer', order: 1 }],
  fields: [],
  revision: 0,
  createdAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  createdBy: { id: 'u1', name: 'Olga Owner' },
  updatedBy: { id: 'u1', name: 'Olga Owner' },
});

const isTemplateList = (url: string, init?: RequestInit) =>
  url.startsWith('/api/v1/document-templates?') && (init?.method ?? 'GET') === 'GET';

describe('the list of signature templates', () => {
  it('lists each template with its pages, roles, fields and last change, its name opening the editor', async () => {
    answerApi((url) => (url.startsWith('/api/v1/document-templates?') ? [200, listOf([lease, offer])] : [404]));
    await renderPage('/en/v1/documents/templates');
    const table = await screen.findByRole('table', { name: '2 templates' });
    const [first] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['Mietvertrag', '3', '2', '7', 'Olga Owner', expect.stringMatching(/^11\/22\/2026, \d{1,2}:05 [AP]M$/)]);
    expect(screen.getByRole('link', { name: 'Mietvertrag' }).getAttribute('href')).toBe(
      `/en/v1/documents/templates?template=${lease.id}`,
    );
    expect(screen.getByRole('link', { name: 'Edit “Angebot”' }).getAttribute('href')).toBe(
      `/en/v1/documents/templates?template=${offer.id}`,
    );
  });

  it('for a team without templates, says what they are for and offers to make one', async () => {
    answerApi((url) => (url.startsWith('/api/v1/document-templates?') ? [200, listOf([])] : [404]));
    await renderPage('/v1/documents/templates');
    expect(await screen.findByRole('heading', { name: 'Noch keine Vorlagen' })).toBeTruthy();
    expect(screen.getByText(/Eine Vorlage ist ein PDF, auf dem schon steht/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Neue Vorlage' })).toHaveLength(2);
  });

  it('when the list cannot be read, says why and reads it again on request', async () => {
    let isDown = true;
    answerApi(() =>
      isDown ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }] : [200, listOf([offer])],
    );
    await renderPage('/en/v1/documents/templates');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '1 template' })).toBeTruthy();
  });

  it('makes a template of a library document found by its name, then opens it in the editor', async () => {
    const leaseDocument = libraryDocument('d'.repeat(24), 'Mietvertrag 2026.pdf');
    const fetch = answerApi((url, init) => {
      if (isTemplateList(url, init)) return [200, listOf([])];
      if (url.startsWith('/api/v1/documents?')) {
        return [200, libraryOf(url.includes('q=miet') || !url.includes('q=') ? [leaseDocument] : [])];
      }
      if (init?.method === 'POST') return [201, created('e'.repeat(24), 'Mietvertrag Vorlage')];
      return [404];
    });
    const router = await renderPage('/en/v1/documents/templates');
    fireEvent.click((await screen.findAllByRole('button', { name: 'New template' }))[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'New template' });
    expect(within(dialog).getByRole('radio', { name: 'From the document library' })).toHaveProperty('checked', true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please choose a document.');
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search documents' }), {
      target: { value: 'xyz' },
    });
    expect(await within(dialog).findByText('No document is named like “xyz”.', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search documents' }), {
      target: { value: 'miet' },
    });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Mietvertrag 2026\.pdf/ }, { timeout: 2000 }));
    const name = within(dialog).getByRole('textbox', { name: 'Name of the template' }) as HTMLInputElement;
    expect(name.value).toBe('Mietvertrag 2026');
    fireEvent.change(name, { target: { value: 'Mietvertrag Vorlage' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    });

    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/document-templates');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ documentId: leaseDocument.id, name: 'Mietvertrag Vorlage' });
    await waitFor(() => expect(router.state.location.search).toBe(`?template=${'e'.repeat(24)}`));
  });

  it('with an empty library starts at the upload, and says in the dialog why an upload was refused', async () => {
    answerApi((url, init) => {
      if (isTemplateList(url, init)) return [200, listOf([offer])];
      if (url.startsWith('/api/v1/documents?')) return [200, libraryOf([])];
      return [404];
    });
    const uploads = answerUploads();
    const router = await renderPage('/v1/documents/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Vorlage' }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Vorlage' });
    const fromUpload = await within(dialog).findByRole('radio', { name: 'PDF hochladen' });
    await waitFor(() => expect(fromUpload).toHaveProperty('checked', true));

    const notes = new File(['hello'], 'Notizen.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText('PDF-Datei'), { target: { files: [notes] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorlage anlegen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Das ist kein PDF. Eine Vorlage entsteht nur aus einem PDF.',
    );
    expect(uploads).toHaveLength(0);

    const pdf = new File([new Uint8Array(2000)], 'Kaufvertrag.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('PDF-Datei'), { target: { files: [pdf] } });
    expect((within(dialog).getByRole('textbox', { name: 'Name der Vorlage' }) as HTMLInputElement).value).toBe(
      'Kaufvertrag',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorlage anlegen' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/v1/document-templates?name=Kaufvertrag');
    expect(uploads[0]?.headers['X-File-Name']).toBe('Kaufvertrag.pdf');
    await uploads[0]?.respond(422, { error: { code: 'PDF_ENCRYPTED', message: 'x' } });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Das PDF ist mit einem Passwort geschützt. Speichern Sie es ohne Schutz und laden Sie es erneut hoch.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorlage anlegen' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    await uploads[1]?.respond(201, created('f'.repeat(24), 'Kaufvertrag'));
    await waitFor(() => expect(router.state.location.search).toBe(`?template=${'f'.repeat(24)}`));
  });

  it('duplicates a template, and deletes one only once confirmed', async () => {
    let templates = [lease, offer];
    const fetch = answerApi((url, init) => {
      if (url.endsWith('/duplicate')) {
        templates = [summary('c'.repeat(24), 'Angebot (copy)'), ...templates];
        return [201, created('c'.repeat(24), 'Angebot (copy)')];
      }
      if (init?.method === 'DELETE') {
        templates = templates.filter((template) => template.id !== lease.id);
        return [204];
      }
      return [200, listOf(templates)];
    });
    await renderPage('/en/v1/documents/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate “Angebot”' }));
    expect(await screen.findByText('“Angebot (copy)” is created.')).toBeTruthy();
    expect(await screen.findByRole('table', { name: '3 templates' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(`/api/v1/document-templates/${offer.id}/duplicate`, expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Mietvertrag”' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Mietvertrag”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Mietvertrag”' }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete “Mietvertrag”?' })).getByRole('button', {
          name: 'Delete for good',
        }),
      );
    });
    expect(await screen.findByText('“Mietvertrag” was deleted.')).toBeTruthy();
    expect(await screen.findByRole('table', { name: '2 templates' })).toBeTruthy();
  });
});
