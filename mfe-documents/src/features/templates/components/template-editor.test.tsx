import type { DocumentTemplate, SaveDocumentTemplateRequest } from '@formwerk/contracts';
import { answerMediaQueries } from '@formwerk/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

// jsdom draws no PDF: pages without pictures, the fields over them as always.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  Page: () => null,
}));

const templateId = 'a'.repeat(24);

const stored: DocumentTemplate = {
  id: templateId,
  name: 'Mietvertrag',
  fileName: 'Mietvertrag.pdf',
  size: 1000,
  pageCount: 2,
  roles: [
    { id: 'tenant', name: 'Mieter/in', kind: 'signer', order: 1 },
    { id: 'landlord', name: 'Vermieter/in', kind: 'signer', order: 2 },
  ],
  fields: [
    {
      id: 'sign',
      page: 1,
      x: 0.5,
      y: 0.8,
      width: 0.3,
      height: 0.06,
      kind: 'signature',
      roleId: 'landlord',
      required: true,
    },
  ],
  revision: 3,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-22T13:05:00.000Z',
  createdBy: { id: 'u1', name: 'Olga Owner' },
  updatedBy: { id: 'u1', name: 'Olga Owner' },
};

type Answer = [number, unknown?];

/** The api of one template: reads answer `current`, saves answer `onSave` (stored, by default). */
function serveTemplate(
  onSave: (request: SaveDocumentTemplateRequest) => Answer = (request) => [
    200,
    { ...stored, ...request, revision: request.revision + 1 },
  ],
) {
  return answerApi((url, init) => {
    if (url === `/api/v1/document-templates/${templateId}` && init?.method === 'PUT') {
      return onSave(JSON.parse(String(init.body)));
    }
    if (url === `/api/v1/document-templates/${templateId}`) return [200, stored];
    return [404];
  });
}

const savedBodies = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as SaveDocumentTemplateRequest);

const openEditor = async (locale: 'de' | 'en' = 'en') => {
  const router = await renderPage(`${locale === 'en' ? '/en' : ''}/v1/documents/templates?template=${templateId}`);
  // The editor is a chunk of its own, fetched (here: transformed) when a template is first opened.
  await screen.findByRole(
    'textbox',
    { name: locale === 'en' ? 'Name of the template' : 'Name der Vorlage' },
    { timeout: 15_000 },
  );
  // The pages, and the stored fields over them, follow once the PDF has been read.
  await screen.findByRole('group', { name: locale === 'en' ? 'Page 2 of 2' : 'Seite 2 von 2' });
  return router;
};

const percentOf = (element: HTMLElement, property: 'left' | 'top' | 'width' | 'height') =>
  Number.parseFloat(element.style[property]);

beforeEach(() => answerMediaQueries(false));

describe('the template editor', () => {
  it('shows the stored fields with their role, and adds, moves and removes a field by keyboard alone', async () => {
    serveTemplate();
    await openEditor();
    const signature = screen.getByRole('button', {
      name: 'Signature for Vermieter/in (role 2), page 2 of 2, required',
    });
    expect(signature.textContent).toContain('2');
    expect(percentOf(signature, 'left')).toBe(50);
    expect(screen.getByRole('group', { name: 'Page 2 of 2' }).contains(signature)).toBe(true);

    // The kind is chosen in the palette, then "Add field" puts it in the middle of the page in view.
    const palette = screen.getByRole('complementary', { name: 'Fields' });
    fireEvent.click(within(palette).getByRole('button', { name: 'Text' }));
    expect(within(palette).getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(palette).getByRole('button', { name: 'Add field' }));
    const text = await screen.findByRole('button', { name: 'Text for Mieter/in (role 1), page 1 of 2' });
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(screen.getByText('Text added on page 1. The arrow keys move the field, Delete removes it.')).toBeTruthy();
    expect([percentOf(text, 'left'), percentOf(text, 'top')]).toEqual([35, 48.25]);
    expect(screen.getByText('Not saved')).toBeTruthy();

    fireEvent.keyDown(text, { key: 'ArrowRight' });
    fireEvent.keyDown(text, { key: 'ArrowDown', shiftKey: true });
    expect(percentOf(text, 'left')).toBeCloseTo(35.5);
    expect(percentOf(text, 'top')).toBeCloseTo(53.25);
    // Never past the page's edge.
    for (let step = 0; step < 30; step += 1) fireEvent.keyDown(text, { key: 'ArrowLeft', shiftKey: true });
    expect(percentOf(text, 'left')).toBe(0);

    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement?.id).toBe('templates-field-kind'));

    fireEvent.keyDown(text, { key: 'Delete' });
    expect(screen.queryByRole('button', { name: /^Text for/ })).toBeNull();
    expect(screen.getByText('Text removed from page 1.')).toBeTruthy();
  });

  it('sets up the selected field: role, required, label, a prefill key checked before saving, and its size in %', async () => {
    const fetch = serveTemplate();
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: /^Signature for Vermieter\/in/ }));
    const panel = screen.getByRole('complementary', { name: 'Settings' });
    expect(within(panel).getByRole('heading', { name: 'Field: Signature' })).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('Role'), { target: { value: 'tenant' } });
    fireEvent.click(within(panel).getByLabelText('Must be filled in'));
    fireEvent.change(within(panel).getByLabelText('Label'), { target: { value: 'Unterschrift Mieter/in ' } });
    const width = within(panel).getByLabelText('Width');
    fireEvent.focus(width);
    fireEvent.change(width, { target: { value: '60' } });
    fireEvent.blur(width);
    // From 50 % of the page, a field can be 50 % wide at most.
    expect((width as HTMLInputElement).value).toBe('50');

    const prefill = within(panel).getByLabelText('Prefill from');
    fireEvent.change(prefill, { target: { value: 'Name des Mieters' } });
    expect(within(panel).getByText('Only lower-case letters, digits and _, starting with a letter.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please check 1 entry before saving.')).toBeTruthy();
    expect(savedBodies(fetch)).toEqual([]);

    fireEvent.change(prefill, { target: { value: 'tenant_name' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(savedBodies(fetch)).toEqual([
      {
        revision: 3,
        name: 'Mietvertrag',
        roles: stored.roles,
        fields: [
          {
            ...stored.fields[0],
            roleId: 'tenant',
            required: false,
            width: 0.5,
            prefillKey: 'tenant_name',
            label: 'Unterschrift Mieter/in',
          },
        ],
      },
    ]);
  });

  it('adds, names and stages roles, and removes a role with fields only once told they go with it', async () => {
    const fetch = serveTemplate();
    await openEditor('de');
    const roles = screen.getByRole('region', { name: 'Rollen' });
    fireEvent.click(within(roles).getByRole('button', { name: 'Rolle hinzufügen' }));
    const name = within(roles).getByLabelText('Name der Rolle 3') as HTMLInputElement;
    expect(name.value).toBe('Unterzeichner/in 3');
    fireEvent.change(name, { target: { value: 'Hausverwaltung' } });
    fireEvent.change(within(roles).getAllByLabelText('Aufgabe')[2] as HTMLElement, { target: { value: 'cc' } });
    expect((within(roles).getAllByLabelText('Stufe')[2] as HTMLInputElement).value).toBe('3');

    // A role with fields keeps a task that fills them.
    const landlordKind = within(roles).getAllByLabelText('Aufgabe')[1] as HTMLSelectElement;
    expect(within(landlordKind).getByRole('option', { name: 'Erhält eine Kopie' })).toHaveProperty('disabled', true);

    fireEvent.click(within(roles).getByRole('button', { name: 'Rolle entfernen „Vermieter/in“' }));
    const confirm = screen.getByRole('dialog', { name: 'Rolle „Vermieter/in“ entfernen?' });
    expect(within(confirm).getByText('Ihr 1 Feld wird mit ihr entfernt.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByRole('button', { name: /^Unterschrift für Vermieter\/in/ })).toBeTruthy();
    fireEvent.click(within(roles).getByRole('button', { name: 'Rolle entfernen „Vermieter/in“' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Rolle „Vermieter/in“ entfernen?' })).getByRole('button', {
        name: 'Rolle und Felder entfernen',
      }),
    );
    expect(screen.queryByRole('button', { name: /^Unterschrift für/ })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(savedBodies(fetch)[0]).toMatchObject({
      roles: [
        { id: 'tenant', name: 'Mieter/in', kind: 'signer', order: 1 },
        { name: 'Hausverwaltung', kind: 'cc', order: 3 },
      ],
      fields: [],
    });
    const [remaining] = within(roles).getAllByRole('button', { name: /^Rolle entfernen/ });
    fireEvent.click(within(roles).getAllByRole('button', { name: /^Rolle entfernen/ })[1] as HTMLElement);
    expect(within(roles).getAllByRole('button', { name: /^Rolle entfernen/ })).toHaveLength(1);
    expect(remaining).toHaveProperty('disabled', true);
  });

  it('when saved over a newer save, explains the conflict and loads the stored version on request', async () => {
    const fetch = serveTemplate(() => [
      409,
      { error: { code: 'VERSION_CONFLICT', message: 'x', details: { currentRevision: 4 } } },
    ]);
    await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of the template' }), {
      target: { value: 'Mietvertrag 2027' },
    });
    await act(async () => {
      fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    });
    const notice = await screen.findByRole('alert');
    expect(
      within(notice).getByRole('heading', { name: 'This template was saved elsewhere in the meantime' }),
    ).toBeTruthy();
    expect(screen.getByText('Not saved: conflict')).toBeTruthy();
    expect(savedBodies(fetch)).toEqual([expect.objectContaining({ revision: 3, name: 'Mietvertrag 2027' })]);

    await act(async () => {
      fireEvent.click(within(notice).getByRole('button', { name: 'Load the saved version' }));
    });
    expect((screen.getByRole('textbox', { name: 'Name of the template' }) as HTMLInputElement).value).toBe(
      'Mietvertrag',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
  });

  it('asks before leaving unsaved changes, and stays on request', async () => {
    serveTemplate();
    const router = await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of the template' }), { target: { value: 'Neu' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'All templates' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.search).toBe(`?template=${templateId}`);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'All templates' }));
    });
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
          name: 'Discard and leave',
        }),
      );
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('on a phone, places the kind chosen in the palette sheet where the page is tapped', async () => {
    answerMediaQueries(true);
    serveTemplate();
    await openEditor('de');
    const fieldsButton = screen.getByRole('button', { name: 'Felder', expanded: false });
    fireEvent.click(fieldsButton);
    const sheet = screen.getByRole('complementary', { name: 'Felder' });
    expect(sheet.hasAttribute('data-open')).toBe(true);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Datum' }));
    expect(sheet.hasAttribute('data-open')).toBe(false);
    expect(
      screen.getByText('Klicken oder tippen Sie auf die Stelle der Seite, an die das Feld „Datum“ soll.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('group', { name: 'Seite 2 von 2' }));
    expect(await screen.findByRole('button', { name: 'Datum für Mieter/in (Rolle 1), Seite 2 von 2' })).toBeTruthy();
    expect(screen.queryByText(/an die das Feld „Datum“ soll/)).toBeNull();
  });
});
