import type { DocumentListResponse, DocumentSummary } from '@formwerk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerUploads } from '../../../test/fake-upload';
import { answerApi, renderPage } from '../../../test/render-page';

const megabyte = 1024 * 1024;
const contractsId = 'c'.repeat(24);

const summary = (id: string, name: string, change: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id,
  name,
  size: 2.5 * megabyte,
  pageCount: 3,
  folderId: null,
  uploadedAt: '2026-11-22T13:05:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  uploadedBy: { id: 'u1', name: 'Olga Owner' },
  ...change,
});

const lease = summary('a'.repeat(24), 'Mietvertrag.pdf', { folderId: contractsId, pageCount: 12, size: 812 * 1024 });
const offer = summary('b'.repeat(24), 'Angebot.pdf', { pageCount: 1 });

const listOf = (documents: DocumentSummary[], change: Partial<DocumentListResponse> = {}): DocumentListResponse => ({
  documents,
  page: 1,
  pageCount: documents.length ? 1 : 0,
  total: documents.length,
  search: null,
  folders: [{ id: contractsId, name: 'Verträge', documentCount: 1 }],
  storage: { usedBytes: 120 * megabyte, limitBytes: 1024 * megabyte },
  ...change,
});

const pdf = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const isList = (url: string, init?: RequestInit) =>
  url.startsWith('/api/v1/documents?') && (init?.method ?? 'GET') === 'GET';

describe('the document library', () => {
  it('lists each document with pages, size, uploader, date and folder, the folders with counts, and the storage', async () => {
    answerApi((url) => (url.startsWith('/api/v1/documents?') ? [200, listOf([lease, offer])] : [404]));
    await renderPage('/en/v1/documents');
    const table = await screen.findByRole('table', { name: '2 documents' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    expect(cells(first as HTMLElement)).toEqual([
      'Mietvertrag.pdf',
      '12',
      '812 kB',
      'Olga Owner',
      expect.stringMatching(/^11\/22\/2026, \d{1,2}:05 [AP]M$/),
      'Verträge',
    ]);
    expect(cells(second as HTMLElement)).toEqual([
      'Angebot.pdf',
      '1',
      '2.5 MB',
      'Olga Owner',
      expect.any(String),
      'No folder',
    ]);
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: 'All documents' }).getAttribute('aria-current')).toBe('page');
    expect(within(folders).getByRole('link', { name: 'Verträge 1' }).getAttribute('href')).toBe(
      `/en/v1/documents?folder=${contractsId}`,
    );
    expect(screen.getByText(/120 MB of 1 GB used \(11%\)/)).toBeTruthy();
    expect(screen.queryByText(/Storage is nearly full/)).toBeNull();
    const download = screen.getByRole('link', { name: 'Download “Angebot.pdf”' });
    expect(download.getAttribute('href')).toBe(`/api/v1/documents/${offer.id}/file`);
  });

  it('for a team without documents, explains the library and offers to upload; past 90 % the storage warns', async () => {
    answerApi(() => [
      200,
      listOf([], { folders: [], storage: { usedBytes: 950 * megabyte, limitBytes: 1024 * megabyte } }),
    ]);
    await renderPage('/v1/documents');
    expect(await screen.findByText('Noch keine Dokumente')).toBeTruthy();
    expect(screen.getByText(/Hier liegen die PDFs Ihres Teams/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'PDFs hochladen' })).toHaveLength(2);
    expect(screen.getByText(/950 MB von 1 GB belegt \(92 %\)/)).toBeTruthy();
    expect(screen.getByText(/Der Speicher ist fast voll/)).toBeTruthy();
  });

  it('when the list cannot be read, says why and reads it again on request', async () => {
    let isDown = true;
    answerApi(() =>
      isDown ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }] : [200, listOf([offer])],
    );
    await renderPage('/en/v1/documents');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '1 document' })).toBeTruthy();
  });

  it('uploads several PDFs one after the other, each with its progress, refreshes the list and says why one was refused', async () => {
    let documents = [offer];
    const fetch = answerApi((url, init) => (isList(url, init) ? [200, listOf(documents)] : [404]));
    const uploads = answerUploads();
    await renderPage(`/en/v1/documents?folder=${contractsId}`);
    await screen.findByRole('table');

    fireEvent.change(fileInput(), {
      target: { files: [pdf('Vertrag.pdf', 4000), pdf('Kaputt.pdf'), pdf('Voll.pdf')] },
    });
    const progress = await screen.findByRole('progressbar', { name: 'Vertrag.pdf' });
    expect(screen.getByRole('progressbar', { name: 'Kaputt.pdf' }).getAttribute('value')).toBe('0');
    expect(uploads).toHaveLength(1);
    const [first] = uploads;
    expect(first?.url).toBe(`/api/v1/documents?folderId=${contractsId}`);
    expect(first?.headers['X-File-Name']).toBe('Vertrag.pdf');

    await first?.progress(1000, 4000);
    expect(progress.getAttribute('value')).toBe('25');
    expect(screen.getByText('25%')).toBeTruthy();
    const listsBefore = fetch.mock.calls.filter(([url, init]) => isList(url, init)).length;
    documents = [summary('d'.repeat(24), 'Vertrag.pdf'), offer];
    await first?.respond(201, documents[0]);
    expect(await screen.findByText('“Vertrag.pdf” is uploaded.')).toBeTruthy();
    expect(await screen.findByRole('table', { name: '2 documents' })).toBeTruthy();
    expect(fetch.mock.calls.filter(([url, init]) => isList(url, init)).length).toBeGreaterThan(listsBefore);

    await waitFor(() => expect(uploads).toHaveLength(2));
    await uploads[1]?.respond(422, { error: { code: 'PDF_INVALID', message: 'x' } });
    expect(
      await screen.findByText(
        '“Kaputt.pdf” is not a readable PDF: it is another type of file, damaged, or has no pages.',
      ),
    ).toBeTruthy();

    await waitFor(() => expect(uploads).toHaveLength(3));
    await uploads[2]?.respond(413, {
      error: {
        code: 'STORAGE_LIMIT_REACHED',
        message: 'x',
        details: { usedBytes: 1020 * megabyte, limitBytes: 1024 * megabyte, neededBytes: 6.5 * megabyte },
      },
    });
    expect(
      await screen.findByText(
        'No room for “Voll.pdf” (6.5 MB): your team uses 1,020 MB of 1,024 MB. Delete documents you no longer need, or choose a plan with more storage.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss “Kaputt.pdf”' }));
    expect(screen.queryByText(/Kaputt.pdf/)).toBeNull();
  });

  it('refuses what is plainly no PDF or too large before sending it, and cancels an upload on request', async () => {
    answerApi(() => [200, listOf([offer])]);
    const uploads = answerUploads();
    await renderPage('/v1/documents');
    await screen.findByRole('table');
    const page = document.querySelector('.library') as HTMLElement;
    const notes = new File(['hello'], 'Notizen.txt', { type: 'text/plain' });
    const huge = pdf('Riesig.pdf', 26 * megabyte);
    fireEvent.drop(page, { dataTransfer: { files: [notes, huge, pdf('Lang.pdf')], types: ['Files'] } });

    expect(
      await screen.findByText('„Notizen.txt“ ist keine PDF-Datei. Hier lassen sich nur PDFs hochladen.'),
    ).toBeTruthy();
    expect(screen.getByText('„Riesig.pdf“ ist 26 MB groß; eine Datei darf höchstens 25 MB groß sein.')).toBeTruthy();
    expect(uploads.map((request) => request.headers['X-File-Name'])).toEqual(['Lang.pdf']);

    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen „Lang.pdf“' }));
    expect(uploads[0]?.isAborted).toBe(true);
    expect(await screen.findByText('Das Hochladen von „Lang.pdf“ wurde abgebrochen.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Lang.pdf' })).toBeNull();
  });

  it('searches by name once typing pauses, keeps it in the address, and says when the search stopped early', async () => {
    const fetch = answerApi((url) =>
      url.includes('q=miet')
        ? [200, listOf([lease], { search: { isIncomplete: true } })]
        : [200, listOf([lease, offer])],
    );
    const router = await renderPage('/en/v1/documents?page=1');
    await screen.findByRole('table', { name: '2 documents' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'miet' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=miet'), { timeout: 2000 });
    expect(await screen.findByRole('table', { name: '1 document' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/documents?page=1&q=miet', expect.anything());
    expect(screen.getByText(/The search could not look through every document/)).toBeTruthy();
  });

  it('renames a document after checking the name, and shows a folder name already taken in the dialog', async () => {
    const fetch = answerApi((_url, init) => {
      if (init?.method === 'PATCH') return [200, { ...offer, name: 'Angebot 2027.pdf' }];
      if (init?.method === 'POST') return [409, { error: { code: 'FOLDER_NAME_TAKEN', message: 'x' } }];
      return [200, listOf([offer])];
    });
    await renderPage('/en/v1/documents');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename “Angebot.pdf”' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename “Angebot.pdf”' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Angebot.pdf');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('Please enter a name.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'PATCH' }));

    fireEvent.change(name, { target: { value: 'Angebot 2027.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('The document is now called “Angebot 2027.pdf”.')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/v1/documents/${offer.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: 'Angebot 2027.pdf' });

    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const folderDialog = screen.getByRole('dialog', { name: 'New folder' });
    fireEvent.change(within(folderDialog).getByLabelText('Name'), { target: { value: 'Verträge' } });
    fireEvent.click(within(folderDialog).getByRole('button', { name: 'Create' }));
    expect(await within(folderDialog).findByText('There is already a folder with this name.')).toBeTruthy();
  });

  it('moves a document into a folder, and deletes a folder only once told its documents stay', async () => {
    const fetch = answerApi((_url, init) => {
      if (init?.method === 'PATCH') return [200, { ...offer, folderId: contractsId }];
      if (init?.method === 'DELETE') return [204];
      return [200, listOf([lease, offer])];
    });
    const router = await renderPage(`/v1/documents?folder=${contractsId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Verschieben „Angebot.pdf“' }));
    const dialog = screen.getByRole('dialog', { name: '„Angebot.pdf“ verschieben' });
    fireEvent.change(within(dialog).getByLabelText('In den Ordner'), { target: { value: contractsId } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    expect(await screen.findByText('„Angebot.pdf“ liegt jetzt in „Verträge“.')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ folderId: contractsId });

    fireEvent.click(screen.getByRole('button', { name: 'Ordner löschen' }));
    const confirm = screen.getByRole('dialog', { name: 'Ordner „Verträge“ löschen?' });
    expect(within(confirm).getByText(/Das 1 Dokument darin bleibt erhalten/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ordner löschen' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/v1/documents/folders/${contractsId}`,
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('deletes a document only once confirmed', async () => {
    let documents = [lease, offer];
    const fetch = answerApi((_url, init) => {
      if (init?.method === 'DELETE') {
        documents = [lease];
        return [204];
      }
      return [200, listOf(documents)];
    });
    await renderPage('/en/v1/documents');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Angebot.pdf”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Angebot.pdf”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Angebot.pdf”' }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete “Angebot.pdf”?' })).getByRole('button', {
          name: 'Delete for good',
        }),
      );
    });
    expect(await screen.findByText('“Angebot.pdf” was deleted.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(`/api/v1/documents/${offer.id}`, expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByRole('table', { name: '1 document' })).toBeTruthy();
  });
});
