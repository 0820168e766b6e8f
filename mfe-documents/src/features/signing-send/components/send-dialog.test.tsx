import type {
  CreateSigningRequestRequest,
  DocumentTemplate,
  DocumentTemplateListResponse,
  SaveDocumentTemplateRequest,
  TemplateField,
} from '@formwerk/contracts';
import { answerMediaQueries } from '@formwerk/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

// jsdom draws no PDF: pages without pictures; the PDF "read" says it has two pages.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({
    children,
    onLoadSuccess,
  }: {
    children: ReactNode;
    onLoadSuccess?: (pdf: { numPages: number }) => void;
  }) => {
    useEffect(() => onLoadSuccess?.({ numPages: 2 }), [onLoadSuccess]);
    return <div>{children}</div>;
  },
  Page: () => null,
}));

const templateId = 'a'.repeat(24);
const requestId = 'f'.repeat(24);

const signature = (id: string, roleId: string, page: number): TemplateField => ({
  id,
  page,
  x: 0.5,
  y: 0.8,
  width: 0.3,
  height: 0.06,
  kind: 'signature',
  roleId,
  required: true,
});

// Stages 1, 3 and 5 as stored: the dialog (as the api) numbers them 1, 2, 3.
const lease: DocumentTemplate = {
  id: templateId,
  name: 'Mietvertrag',
  fileName: 'Mietvertrag.pdf',
  size: 1000,
  pageCount: 2,
  roles: [
    { id: 'manager', name: 'Hausverwaltung', kind: 'approver', order: 1 },
    { id: 'tenant', name: 'Mieter/in', kind: 'signer', order: 1 },
    { id: 'landlord', name: 'Vermieter/in', kind: 'signer', order: 3 },
    { id: 'office', name: 'Büro', kind: 'cc', order: 5 },
  ],
  fields: [signature('sign-tenant', 'tenant', 0), signature('sign-landlord', 'landlord', 1)],
  revision: 3,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  createdBy: { id: 'u1', name: 'Olga Owner' },
  updatedBy: { id: 'u1', name: 'Olga Owner' },
};

const listOf = (templates: DocumentTemplate[]): DocumentTemplateListResponse => ({
  templates: templates.map(({ id, name, pageCount, roles, fields, createdAt, updatedAt, updatedBy }) => ({
    id,
    name,
    pageCount,
    roleCount: roles.length,
    fieldCount: fields.length,
    createdAt,
    updatedAt,
    updatedBy,
  })),
  page: 1,
  pageCount: 1,
  total: templates.length,
});

type Answer = [number, unknown?];

const isSend = (url: string, init?: RequestInit) => url === '/api/v1/signing-requests' && init?.method === 'POST';

const sentBodies = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls
    .filter(([url, init]) => isSend(url, init))
    .map(([, init]) => JSON.parse(String(init?.body)) as CreateSigningRequestRequest);

const dayMs = 24 * 60 * 60_000;

/** Types a person into the inputs of a role (their labels name the role for screen readers). */
function fillRecipient(
  dialog: HTMLElement,
  role: string,
  person: { name: string; email: string },
  locale: 'de' | 'en',
) {
  const [name, email, forRole] = locale === 'en' ? ['Name', 'Email address', 'for'] : ['Name', 'E-Mail-Adresse', 'für'];
  fireEvent.change(within(dialog).getByLabelText(`${name} ${forRole} ${role}`), { target: { value: person.name } });
  fireEvent.change(within(dialog).getByLabelText(`${email} ${forRole} ${role}`), { target: { value: person.email } });
}

const errorOf = (input: HTMLElement) => {
  const describedBy = input.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

beforeEach(() => answerMediaQueries(false));

describe('sending a template for signature', () => {
  it('from the list: a person per role stage by stage, checked before sending, then the request opens', async () => {
    const fetch = answerApi((url, init): Answer => {
      if (url.startsWith('/api/v1/document-templates?')) return [200, listOf([lease])];
      if (url === `/api/v1/document-templates/${templateId}`) return [200, lease];
      if (isSend(url, init)) return [201, { id: requestId }];
      return [404];
    });
    const router = await renderPage('/en/v1/documents/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Send for signature “Mietvertrag”' }));
    // The dialog is a chunk of its own, fetched (here: transformed) when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' }, { timeout: 15_000 });
    await within(dialog).findByRole('group', { name: 'Stage 1 of 3' });

    // The stages in order, each role with its task; the stages explained.
    const stages = within(dialog).getAllByRole('group', { name: /^Stage \d of 3$/ });
    expect(stages.map((stage) => stage.querySelector('legend')?.textContent)).toEqual([
      'Stage 1 of 3',
      'Stage 2 of 3',
      'Stage 3 of 3',
    ]);
    const [first, second, third] = stages as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('group', { name: 'Hausverwaltung Approval' })).toBeTruthy();
    expect(within(first).getByRole('group', { name: 'Mieter/in Signature' })).toBeTruthy();
    expect(within(second).getByRole('group', { name: 'Vermieter/in Signature' })).toBeTruthy();
    expect(within(third).getByRole('group', { name: 'Büro Copy (CC)' })).toBeTruthy();
    expect(
      within(dialog).getByText(/Stage 2 starts once everyone in stage 1 has signed, approved or viewed/),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Mietvertrag');
    expect((within(dialog).getByLabelText('Language of the emails') as HTMLSelectElement).value).toBe('en');
    const expiry = within(dialog).getByLabelText('Valid until and including') as HTMLInputElement;
    const in30Days = new Date(Date.now() + 30 * dayMs);
    expect(expiry.value).toBe(
      `${in30Days.getFullYear()}-${String(in30Days.getMonth() + 1).padStart(2, '0')}-${String(in30Days.getDate()).padStart(2, '0')}`,
    );
    expect((within(dialog).getByLabelText('Reminders') as HTMLSelectElement).value).toBe('');

    // Nobody entered: each input says what is missing, and the first takes the focus.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const managerName = within(dialog).getByLabelText('Name for Hausverwaltung');
    await waitFor(() => expect(document.activeElement).toBe(managerName));
    expect(managerName.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(managerName)).toBe('Please enter the name.');
    expect(errorOf(within(dialog).getByLabelText('Email address for Büro'))).toBe('Please enter the email address.');

    fillRecipient(dialog, 'Hausverwaltung', { name: 'Hanna Haus', email: 'verwaltung@example.com' }, 'en');
    fillRecipient(dialog, 'Mieter/in', { name: 'Mia Miete', email: 'mia@example.com' }, 'en');
    // The same address as the tenant's, but for capitals and spaces.
    fillRecipient(dialog, 'Vermieter/in', { name: 'Veit Vermieter', email: ' Mia@Example.com' }, 'en');
    fillRecipient(dialog, 'Büro', { name: 'Büro', email: 'buero@example' }, 'en');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const officeEmail = within(dialog).getByLabelText('Email address for Büro');
    expect(errorOf(officeEmail)).toBe('Please enter a valid email address, e.g. name@example.com.');
    fireEvent.change(officeEmail, { target: { value: 'buero@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(within(dialog).getByLabelText('Email address for Vermieter/in'))).toBe(
      'Another person of this request has this address. Each person gets the request once.',
    );
    expect(sentBodies(fetch)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Email address for Vermieter/in'), {
      target: { value: 'veit@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Message to the recipients (optional)'), {
      target: { value: 'Bitte bis Freitag.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Language of the emails'), { target: { value: 'de' } });
    fireEvent.change(within(dialog).getByLabelText('Reminders'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByLabelText('Recipients may hand their task to another person'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    });

    const [sent] = sentBodies(fetch);
    expect(sent).toEqual({
      title: 'Mietvertrag',
      source: { kind: 'template', templateId },
      recipients: [
        { roleId: 'manager', name: 'Hanna Haus', email: 'verwaltung@example.com' },
        { roleId: 'tenant', name: 'Mia Miete', email: 'mia@example.com' },
        { roleId: 'landlord', name: 'Veit Vermieter', email: 'veit@example.com' },
        { roleId: 'office', name: 'Büro', email: 'buero@example.com' },
      ],
      message: 'Bitte bis Freitag.',
      language: 'de',
      expiresAt: expect.any(String),
      reminderEveryDays: 3,
      allowDelegation: true,
    });
    // The end of the day chosen: 30 days from now, give or take the rest of today.
    const expiresIn = Date.parse(sent?.expiresAt ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * dayMs - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(31 * dayMs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/documents'));
    expect(router.state.location.search).toBe(`?request=${requestId}`);
  });

  it('from the editor: only once every signer has a field, saved first; the api’s refusals are said where they belong', async () => {
    const noFieldForLandlord: DocumentTemplate = { ...lease, fields: [signature('sign-tenant', 'tenant', 0)] };
    let sendAnswer: Answer = [
      400,
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'x',
          details: { issues: [{ path: ['recipients', 2, 'email'], code: 'invalid_format', message: 'x' }] },
        },
      },
    ];
    const fetch = answerApi((url, init): Answer => {
      if (url === `/api/v1/document-templates/${templateId}` && init?.method === 'PUT') {
        const saved = JSON.parse(String(init.body)) as SaveDocumentTemplateRequest;
        return [200, { ...noFieldForLandlord, ...saved, revision: saved.revision + 1 }];
      }
      if (url === `/api/v1/document-templates/${templateId}`) return [200, noFieldForLandlord];
      if (isSend(url, init)) return sendAnswer;
      return [404];
    });
    await renderPage(`/v1/documents/templates?template=${templateId}`);
    await screen.findByRole('textbox', { name: 'Name der Vorlage' }, { timeout: 15_000 });

    // A signer without a field would sign nothing: the button says so, and opens nothing.
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    const reason =
      'Die Rolle „Vermieter/in“ unterschreibt, hat aber noch kein Feld. Platzieren Sie eine Unterschrift für sie.';
    expect(errorOf(send)).toBe(reason);
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.queryByRole('dialog', { name: 'Zur Unterschrift senden' })).toBeNull();

    // The landlord only gets a copy now: unsaved, so "Send" saves first.
    const roles = screen.getByRole('region', { name: 'Rollen' });
    fireEvent.change(within(roles).getAllByLabelText('Aufgabe')[2] as HTMLElement, { target: { value: 'cc' } });
    expect(send.getAttribute('aria-disabled')).toBeNull();
    await act(async () => {
      fireEvent.click(send);
    });
    const saves = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(saves).toHaveLength(1);
    const dialog = await screen.findByRole('dialog', { name: 'Zur Unterschrift senden' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('group', { name: 'Vermieter/in Kopie (CC)' })).toBeTruthy();

    fillRecipient(dialog, 'Hausverwaltung', { name: 'Hanna Haus', email: 'verwaltung@example.com' }, 'de');
    fillRecipient(dialog, 'Mieter/in', { name: 'Mia Miete', email: 'mia@example.com' }, 'de');
    fillRecipient(dialog, 'Vermieter/in', { name: 'Veit Vermieter', email: 'veit@example.com' }, 'de');
    fillRecipient(dialog, 'Büro', { name: 'Büro', email: 'buero@example.com' }, 'de');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    });
    // The api's issue, at the input it names (the third person: the landlord).
    const landlordEmail = within(dialog).getByLabelText('E-Mail-Adresse für Vermieter/in');
    await waitFor(() => expect(landlordEmail.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(landlordEmail)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.');
    expect(document.activeElement).toBe(landlordEmail);

    sendAnswer = [409, { error: { code: 'STORAGE_LIMIT_REACHED', message: 'x', details: { usedBytes: 1 } } }];
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Der Speicher Ihres Teams ist voll: Jede Anfrage behält eine eigene Kopie des PDFs. Löschen Sie Dokumente oder Vorlagen, die Sie nicht mehr brauchen, oder wählen Sie einen Tarif mit mehr Speicher.',
    );
    expect(landlordEmail.getAttribute('aria-invalid')).toBeNull();
    expect(sentBodies(fetch)).toHaveLength(2);
    expect(sentBodies(fetch)[0]?.source).toEqual({ kind: 'template', templateId });
  });
});
