import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const formId = 'd'.repeat(24);
const templateId = 'e'.repeat(24);

const definition = {
  title: 'Vertragsanfrage',
  language: 'de',
  description: '',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Ihr Name', required: true },
        { id: 'mail', type: 'email', label: 'Ihre E-Mail', required: true },
        { id: 'start', type: 'date', label: 'Beginn', required: false },
        { id: 'sig', type: 'signature', label: 'Unterschrift', required: false },
      ],
    },
  ],
};

const field = (id: string, roleId: string, kind: string, prefillKey?: string) => ({
  id,
  page: 0,
  x: 0.1,
  y: 0.1,
  width: 0.3,
  height: 0.05,
  kind,
  roleId,
  required: kind === 'signature',
  ...(prefillKey ? { prefillKey } : {}),
});

const template = {
  id: templateId,
  name: 'Mietvertrag',
  fileName: 'Mietvertrag.pdf',
  size: 1000,
  pageCount: 1,
  roles: [
    { id: 'mieter', name: 'Mieter', kind: 'signer', order: 1 },
    { id: 'vermieter', name: 'Vermieter', kind: 'signer', order: 2 },
  ],
  fields: [
    field('mieter-name', 'mieter', 'name', 'tenant_name'),
    field('mieter-start', 'mieter', 'date', 'start_date'),
    field('mieter-signature', 'mieter', 'signature'),
    field('vermieter-signature', 'vermieter', 'signature'),
  ],
  revision: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  createdBy: { id: 'u1', name: 'Olga' },
  updatedBy: { id: 'u1', name: 'Olga' },
};
const summary = {
  id: templateId,
  name: 'Mietvertrag',
  pageCount: 1,
  roleCount: 2,
  fieldCount: 4,
  createdAt: template.createdAt,
  updatedAt: template.updatedAt,
  updatedBy: template.updatedBy,
};

const savedSettings = {
  isEnabled: true,
  templateId,
  respondentRoleId: 'mieter',
  nameFieldId: 'name',
  emailFieldId: 'mail',
  prefill: { tenant_name: 'name', start_date: 'start' },
  recipients: [{ roleId: 'vermieter', name: 'Vera Vermieter', email: 'vera@example.com' }],
  message: null,
  expiryDays: 30,
  reminderEveryDays: null,
};

type Setup = { settings?: object | null; hasWorkflow?: boolean; templates?: object[]; onPut?: [number, unknown] };

function serve({ settings = null, hasWorkflow = false, templates = [summary], onPut }: Setup = {}) {
  const signing = { settings, hasWorkflow, updatedAt: null, updatedBy: settings ? { id: 'u1', name: 'Olga' } : null };
  return answerApi((url, init) => {
    if (url.endsWith('/signing') && init?.method === 'PUT') {
      return (
        onPut ?? [200, { ...signing, settings: JSON.parse(String(init.body)), updatedBy: { id: 'u1', name: 'Olga' } }]
      );
    }
    if (url.endsWith('/signing') && init?.method === 'DELETE') return [204];
    if (url.endsWith('/signing')) return [200, signing];
    if (url.endsWith('/document-templates'))
      return [200, { templates, page: 1, pageCount: 1, total: templates.length }];
    if (url.endsWith(`/document-templates/${templateId}`)) return [200, template];
    if (url.endsWith('/documents')) return [200, { documents: [] }];
    return [200, { id: formId, definition }];
  });
}

const section = async () => {
  const heading = await screen.findByRole('heading', { name: /Zum Unterschreiben|For signature/ });
  return within(heading.closest('section') as HTMLElement);
};
const putBodyOf = (fetch: ReturnType<typeof serve>) =>
  JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body));

describe('the document a form sends for signature', () => {
  it('without templates, says to make one first and leads there', async () => {
    serve({ templates: [] });
    await renderPage(`/v1/forms/${formId}/documents`);
    const inSection = await section();
    expect(await inSection.findByText(/noch keine Signaturvorlage/)).toBeTruthy();
    expect(inSection.getByRole('link', { name: 'Zu den Signaturvorlagen' }).getAttribute('href')).toBe(
      '/v1/documents/templates',
    );
  });

  it('is set up from a template: the respondent’s role, their name and address, prefilled fields, the fixed people', async () => {
    const fetch = serve();
    await renderPage(`/v1/forms/${formId}/documents`);
    const inSection = await section();
    expect(inSection.getByText(/direkt nach dem Absenden gesendet/)).toBeTruthy();
    fireEvent.change(await inSection.findByLabelText('Signaturvorlage'), { target: { value: templateId } });
    // The template's first signer is the respondent; only signers are offered.
    const role = (await inSection.findByLabelText('Rolle der ausfüllenden Person')) as HTMLSelectElement;
    expect(role.value).toBe('mieter');
    fireEvent.change(inSection.getByLabelText('Name aus dem Feld'), { target: { value: 'name' } });
    fireEvent.change(inSection.getByLabelText('E-Mail-Adresse aus dem Feld'), { target: { value: 'mail' } });
    // A date field is filled from a date only; the form's signature fills nothing.
    const startDate = inSection.getByLabelText('start_date (Mieter: Datum)') as HTMLSelectElement;
    expect([...startDate.options].map((option) => option.text)).toEqual(['Nicht vorausfüllen', 'Beginn']);
    fireEvent.change(startDate, { target: { value: 'start' } });
    fireEvent.change(inSection.getByLabelText('tenant_name (Mieter: Name)'), { target: { value: 'name' } });
    fireEvent.change(inSection.getByLabelText('Name (Vermieter)'), { target: { value: 'Vera Vermieter' } });
    fireEvent.change(inSection.getByLabelText('E-Mail-Adresse (Vermieter)'), { target: { value: 'vera@example.com' } });
    fireEvent.click(inSection.getByRole('button', { name: 'Speichern' }));

    expect(await inSection.findByText('Die Einstellungen zum Unterschreiben wurden gespeichert.')).toBeTruthy();
    expect(putBodyOf(fetch)).toEqual(savedSettings);
  });

  it('says what is missing at its input and sends nothing', async () => {
    const fetch = serve();
    await renderPage(`/v1/forms/${formId}/documents`);
    const inSection = await section();
    fireEvent.click(await inSection.findByRole('button', { name: 'Speichern' }));
    expect(await inSection.findByRole('alert')).toBeTruthy();
    const template = inSection.getByLabelText('Signaturvorlage');
    expect(template.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(template.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Bitte ausfüllen.',
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows the api’s refusals at the inputs they name', async () => {
    serve({
      settings: savedSettings,
      onPut: [
        400,
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'no',
            details: {
              issues: [
                { path: ['prefill', 'start_date'], code: 'unknownField', message: '' },
                { path: ['recipients', 0, 'email'], code: 'invalid_format', message: '' },
              ],
            },
          },
        },
      ],
    });
    await renderPage(`/v1/forms/${formId}/documents`);
    const inSection = await section();
    await inSection.findByLabelText('start_date (Mieter: Datum)');
    fireEvent.click(inSection.getByRole('button', { name: 'Speichern' }));
    expect(await inSection.findByText('Dieses Formularfeld gibt es nicht mehr.')).toBeTruthy();
    expect(inSection.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(inSection.getByRole('alert').textContent).toBe('Bitte prüfen Sie Ihre Eingaben.');
  });

  it('with a workflow, explains that the document goes out after approval; saved settings can be removed', async () => {
    const fetch = serve({ settings: savedSettings, hasWorkflow: true });
    await renderPage(`/en/v1/forms/${formId}/documents`);
    const inSection = await section();
    expect(inSection.getByText(/sent once the submission is approved/)).toBeTruthy();
    expect(((await inSection.findByLabelText('Name (Vermieter)')) as HTMLInputElement).value).toBe('Vera Vermieter');
    fireEvent.click(inSection.getByRole('button', { name: 'Remove' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await inSection.findByText('The signature settings were removed.')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(
        `/api/v1/forms/${formId}/signing`,
      ),
    );
  });
});
