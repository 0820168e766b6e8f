import type { FormResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const formId = '6650f0c2a1b2c3d4e5f60718';
const { origin } = window.location;

function formWith(
  changes: Partial<FormResponse> = {},
  fields: FormResponse['definition']['pages'][number]['fields'] = [],
) {
  const form: FormResponse = {
    id: formId,
    status: 'published',
    isArchived: false,
    version: 3,
    publishedVersion: 3,
    publishedAt: '2025-05-01T10:00:00.000Z',
    createdAt: '2025-05-01T09:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
    definition: {
      title: 'Sommerfest Anmeldung',
      description: '',
      language: 'de',
      pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }, ...fields] }],
    },
  };
  return { ...form, ...changes };
}

const hiddenFields: FormResponse['definition']['pages'][number]['fields'] = [
  { id: 'source', type: 'hidden', label: 'Source', required: false, queryParam: 'utm_source' },
  { id: 'campaign', type: 'hidden', label: 'Campaign', required: false, queryParam: 'campaign' },
];

const fieldValue = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label).value;

describe('the share page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the public link in the form’s language, and in English once chosen, with QR code and embed code', async () => {
    answerApi(() => [200, formWith()]);
    await renderPage(`/en/v1/forms/${formId}/share`);

    expect(await screen.findByRole('heading', { name: 'Sommerfest Anmeldung', level: 1 })).toBeTruthy();
    expect(fieldValue('Link to the form')).toBe(`${origin}/form/${formId}`);
    expect(screen.queryByText('Not published yet')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    const link = `${origin}/en/form/${formId}`;
    expect(fieldValue('Link to the form')).toBe(link);
    expect(screen.getByRole('link', { name: 'Open the form in a new tab' }).getAttribute('href')).toBe(link);

    const qrCode = await screen.findByRole('img', { name: `QR code that opens ${link}` });
    const svgUrl = qrCode.getAttribute('src') ?? '';
    expect(decodeURIComponent(svgUrl.replace('data:image/svg+xml;charset=utf-8,', ''))).toMatch(/^<svg /);
    expect(screen.getByRole('link', { name: 'Download SVG (print)' }).getAttribute('download')).toBe(
      'sommerfest-anmeldung-qr.svg',
    );
    expect(screen.getByRole('link', { name: 'Download PNG' }).getAttribute('href')).toMatch(/^data:image\/png;base64,/);

    expect(fieldValue('Frame (iframe)')).toBe(
      `<iframe src="${link}?embed=1" title="Sommerfest Anmeldung" style="width:100%;border:0" loading="lazy"></iframe>`,
    );
    expect(fieldValue('Script for the automatic height')).toBe(`<script src="${origin}/embed.js" async></script>`);
  });

  it('builds the prefilled link live from the hidden fields’ values, encoded for the query', async () => {
    answerApi(() => [200, formWith({}, hiddenFields)]);
    await renderPage(`/en/v1/forms/${formId}/share`);

    const prefilledLink = await screen.findByLabelText<HTMLInputElement>('Prefilled link');
    expect(prefilledLink.value).toBe(`${origin}/form/${formId}`);
    fireEvent.change(screen.getByLabelText('Source (parameter “utm_source”)'), {
      target: { value: 'Newsletter Mai & Juni' },
    });
    expect(prefilledLink.value).toBe(`${origin}/form/${formId}?utm_source=Newsletter+Mai+%26+Juni`);
    fireEvent.change(screen.getByLabelText('Campaign (parameter “campaign”)'), { target: { value: 'summer' } });
    expect(prefilledLink.value).toBe(`${origin}/form/${formId}?utm_source=Newsletter+Mai+%26+Juni&campaign=summer`);
  });

  it('without hidden fields, explains that hidden fields from the builder can be prefilled', async () => {
    answerApi(() => [200, formWith()]);
    await renderPage(`/v1/forms/${formId}/share`);
    expect(await screen.findByText(/Dieses Formular hat keine versteckten Felder/)).toBeTruthy();
    expect(screen.queryByLabelText('Vorausgefüllter Link')).toBeNull();
  });

  it('when the form is a draft, says the link works once published and publishes it', async () => {
    const fetch = answerApi((_url, init) =>
      init?.method === 'POST'
        ? [200, formWith()]
        : [200, formWith({ status: 'draft', publishedVersion: null, publishedAt: null })],
    );
    await renderPage(`/en/v1/forms/${formId}/share`);

    expect(await screen.findByRole('heading', { name: 'Not published yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Not published yet' })).toBeNull());
    expect(fetch).toHaveBeenLastCalledWith(
      `/api/v1/forms/${formId}/publish`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('when the publish fails, tells why in the page’s language and keeps the notice', async () => {
    answerApi((_url, init) =>
      init?.method === 'POST'
        ? [403, { error: { code: 'FORBIDDEN', message: 'not allowed' } }]
        : [200, formWith({ status: 'draft', publishedVersion: null, publishedAt: null })],
    );
    await renderPage(`/v1/forms/${formId}/share`);
    fireEvent.click(await screen.findByRole('button', { name: 'Veröffentlichen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dafür fehlen Ihnen die Rechte.');
    expect(screen.getByRole('heading', { name: 'Noch nicht veröffentlicht' })).toBeTruthy();
  });

  it('when edits are not yet published, offers to publish the changes', async () => {
    answerApi(() => [200, formWith({ version: 5, publishedVersion: 3 })]);
    await renderPage(`/en/v1/forms/${formId}/share`);
    expect(await screen.findByRole('button', { name: 'Publish changes' })).toBeTruthy();
  });

  it('copies the link and confirms it; where the clipboard refuses, selects the text instead', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    answerApi(() => [200, formWith()]);
    await renderPage(`/en/v1/forms/${formId}/share`);

    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${origin}/form/${formId}`);

    fireEvent.click(screen.getByRole('button', { name: 'Copy script' }));
    expect(await screen.findByText(/The text is selected/)).toBeTruthy();
    const script = screen.getByLabelText<HTMLTextAreaElement>('Script for the automatic height');
    expect([script.selectionStart, script.selectionEnd]).toEqual([0, script.value.length]);
  });

  it('when the form is not the team’s, says it was not found', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'No such form' } }]);
    await renderPage(`/en/v1/forms/${formId}/share`);
    expect(await screen.findByRole('heading', { name: 'Form not found' })).toBeTruthy();
  });
});
