import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const formId = 'd'.repeat(24);
const contract = {
  id: 'a'.repeat(24),
  name: 'Vertrag.pdf',
  type: 'application/pdf',
  size: 48_000,
  uploadedAt: '2026-11-02T09:00:00.000Z',
};

function serve(documents: object[]) {
  return answerApi((url, init) => {
    if (init?.method === 'DELETE') return [204];
    if (url.endsWith('/documents')) return [200, { documents }];
    if (url.endsWith('/signing'))
      return [200, { settings: null, hasWorkflow: false, updatedAt: null, updatedBy: null }];
    if (url.endsWith('/document-templates')) return [200, { templates: [], page: 1, pageCount: 0, total: 0 }];
    return [200, { id: formId, definition: { title: 'Mietvertrag', language: 'de', pages: [] } }];
  });
}

describe('the documents of a form', () => {
  it('lists them to download, and deletes one only after asking', async () => {
    const fetch = serve([contract]);
    await renderPage(`/en/v1/forms/${formId}/documents`);
    const link = await screen.findByRole('link', { name: 'Vertrag.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/v1/files/${contract.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Vertrag.pdf' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vertrag.pdf was deleted.')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(
        `/api/v1/forms/${formId}/documents/${contract.id}`,
      ),
    );
  });

  it('says what documents are for while there are none, and refuses a file too large before sending it', async () => {
    const fetch = serve([]);
    await renderPage(`/v1/forms/${formId}/documents`);
    expect(await screen.findByText(/Noch keine Dokumente/)).toBeTruthy();
    const huge = new File([new Uint8Array(26 * 1024 * 1024)], 'riesig.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Dateien auswählen'), { target: { files: [huge] } });
    expect(await screen.findByText('riesig.pdf ist größer als 25 MB.')).toBeTruthy();
    expect(fetch.mock.calls.every(([, init]) => init?.method === undefined || init.method === 'GET')).toBe(true);
  });
});
