import type { StorageFile, StorageOverview } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerEachCall, renderPage } from '../../../test/render-page';

const megabyte = 1024 * 1024;

const fileOf = (overrides: Partial<StorageFile> = {}): StorageFile => ({
  id: '0123456789abcdef01234567',
  kind: 'document',
  name: 'Vertrag.pdf',
  size: 12 * megabyte,
  createdAt: '2026-11-22T10:00:00.000Z',
  form: null,
  submissionId: null,
  mayDelete: true,
  ...overrides,
});

const contract = fileOf();
const attachment = fileOf({
  id: '0123456789abcdef01234568',
  kind: 'formDocument',
  name: 'Merkblatt.pdf',
  size: 8 * megabyte,
  form: { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Bewerbung' },
});
const answer = fileOf({
  id: '0123456789abcdef01234569',
  kind: 'submissionFile',
  name: 'Lebenslauf.pdf',
  size: 40 * 1024,
  form: { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Bewerbung' },
  submissionId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  mayDelete: false,
});

function overviewOf(overrides: Partial<StorageOverview> = {}): StorageOverview {
  return {
    planId: 'free',
    usedBytes: 61 * megabyte,
    limitBytes: 250 * megabyte,
    categories: [
      { category: 'documents', bytes: 50 * megabyte, fileCount: null },
      { category: 'forms', bytes: 8 * megabyte, fileCount: 1 },
      { category: 'submissions', bytes: 3 * megabyte, fileCount: 1 },
    ],
    largestFiles: [contract, attachment, answer],
    pendingUploads: { fileCount: 0, bytes: 0 },
    isIncomplete: false,
    ...overrides,
  };
}

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Largest files' }))
    .getAllByRole('row')
    .slice(1);

describe('the storage page', () => {
  it('shows what is used of the plan, what takes up the space, and the largest files with where they belong', async () => {
    answerEachCall(() => [200, overviewOf({ pendingUploads: { fileCount: 2, bytes: megabyte } })]);
    await renderPage('/en/v1/storage');

    const meter = await screen.findByRole('meter', { name: 'Storage used' });
    expect(meter.getAttribute('aria-valuetext')).toBe('61 MB of 250 MB');
    expect(screen.getByText('Free plan: 250 MB of storage.')).toBeTruthy();
    // Far from the limit: no push to a larger plan.
    expect(screen.queryByRole('link', { name: 'Get more storage' })).toBeNull();

    const breakdown = screen.getByRole('region', { name: 'What takes up space' });
    const items = within(breakdown)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Documents, templates and signed copies50 MB',
      'Documents attached to forms8 MB · 1 file',
      'Files sent with responses3 MB · 1 file',
    ]);
    expect(within(breakdown).getByText(/^Everything here counts towards your plan's storage/)).toBeTruthy();
    expect(
      within(breakdown).getByText(/2 files \(1 MB\) were uploaded in forms that were never sent; they count until/),
    ).toBeTruthy();

    expect(
      rowsOf().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['NameVertrag.pdf', 'TypeDocument', 'Belongs toDocument library', 'Size12 MB', 'Date11/22/2026', 'ActionsDelete'],
      [
        'NameMerkblatt.pdf',
        'TypeForm document',
        'Belongs toDocuments of “Bewerbung”',
        'Size8 MB',
        'Date11/22/2026',
        'ActionsDelete',
      ],
      [
        'NameLebenslauf.pdf',
        'TypeResponse file',
        'Belongs toResponse to “Bewerbung”',
        'Size40 kB',
        'Date11/22/2026',
        'ActionsDeleted with its response',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Document library' }).getAttribute('href')).toBe('/en/v1/documents');
    expect(screen.getByRole('link', { name: 'Documents of “Bewerbung”' }).getAttribute('href')).toBe(
      '/en/v1/forms/aaaaaaaaaaaaaaaaaaaaaaaa/documents',
    );
    expect(screen.getByRole('link', { name: 'Response to “Bewerbung”' }).getAttribute('href')).toBe(
      '/en/v1/submission/bbbbbbbbbbbbbbbbbbbbbbbb',
    );
  });

  it('in German, near the limit, says so and leads to a larger plan', async () => {
    answerEachCall(() => [200, overviewOf({ usedBytes: 230 * megabyte })]);
    await renderPage('/v1/storage');
    const meter = await screen.findByRole('meter', { name: 'Belegter Speicher' });
    expect(meter.getAttribute('aria-valuetext')).toBe('230 MB von 250 MB');
    expect(meter.parentElement?.textContent).toContain('Fast aufgebraucht.');
    expect(screen.getByRole('link', { name: 'Mehr Speicher erhalten' }).getAttribute('href')).toBe('/v1/subscriptions');
  });

  it('asks before deleting, then deletes, shows the new figures and announces it', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /storage/deletions'
        ? [200, overviewOf({ usedBytes: 38 * megabyte, largestFiles: [attachment, answer] })]
        : [200, overviewOf()],
    );
    await renderPage('/v1/storage');
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen: Vertrag.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei löschen?' });
    expect(dialog.textContent).toContain('„Vertrag.pdf“ (12 MB) wird mitsamt seinen Freigaben');
    expect(calls()).toEqual(['GET /storage']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('„Vertrag.pdf“ ist gelöscht.'));
    expect(calls()).toEqual([
      'GET /storage',
      'POST /storage/deletions {"kind":"document","id":"0123456789abcdef01234567"}',
    ]);
    expect(screen.queryByText('Vertrag.pdf')).toBeNull();
    expect(screen.getByRole('meter', { name: 'Belegter Speicher' }).getAttribute('aria-valuetext')).toBe(
      '38 MB von 250 MB',
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Größte Dateien' }));
  });

  it('sends a form’s document with its form, and keeps the file when the dialog is left', async () => {
    const calls = answerEachCall(() => [200, overviewOf()]);
    await renderPage('/en/v1/storage');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Merkblatt.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file?' });
    expect(dialog.textContent).toContain('will be removed from the form “Bewerbung”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep file' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls()).toEqual(['GET /storage']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Merkblatt.pdf' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls()).toContain(
        'POST /storage/deletions {"kind":"formDocument","id":"0123456789abcdef01234568","formId":"aaaaaaaaaaaaaaaaaaaaaaaa"}',
      ),
    );
  });

  it('explains a refused deletion in its own words and reads the list again', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /storage/deletions'
        ? [403, { error: { code: 'FORBIDDEN', message: 'Not for the UI' } }]
        : [200, overviewOf()],
    );
    await renderPage('/en/v1/storage');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Vertrag.pdf' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Only who uploaded this document, or the team's owner and admins, may delete it.",
    );
    await waitFor(() => expect(calls().filter((call) => call === 'GET /storage')).toHaveLength(2));
    expect(screen.getByText('Vertrag.pdf')).toBeTruthy();
  });

  it('offers no delete of a document the user may not delete, and says who may', async () => {
    answerEachCall(() => [200, overviewOf({ largestFiles: [{ ...contract, mayDelete: false }] })]);
    await renderPage('/en/v1/storage');
    const [row] = await waitFor(rowsOf);
    expect(within(row as HTMLElement).queryByRole('button')).toBeNull();
    expect((row as HTMLElement).textContent).toContain(
      "Only who uploaded it, or the team's owner and admins, may delete it",
    );
  });

  it('says where files will show while there are none', async () => {
    answerEachCall(() => [200, overviewOf({ usedBytes: 0, largestFiles: [] })]);
    await renderPage('/en/v1/storage');
    expect(await screen.findByText('No files stored yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the storage could not be read, and reads it again', async () => {
    let isAway = true;
    answerEachCall(() =>
      isAway ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: '' } }] : [200, overviewOf()],
    );
    await renderPage('/en/v1/storage');
    expect((await screen.findByRole('alert')).textContent).toContain('unavailable');
    isAway = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('meter', { name: 'Storage used' })).toBeTruthy();
  });
});
