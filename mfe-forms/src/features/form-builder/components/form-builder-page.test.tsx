import { useSortable } from '@dnd-kit/sortable';
import type { FormDefinition, FormField, FormResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';
import { useFormBuilderStore } from '../stores/form-builder-store';

// Each card asks dnd-kit for its sortable once per drawing: counting those asks tells which cards were
// drawn again after an edit.
vi.mock('@dnd-kit/sortable', async (importOriginal) => {
  const sortable = await importOriginal<typeof import('@dnd-kit/sortable')>();
  return { ...sortable, useSortable: vi.fn(sortable.useSortable) };
});
const redrawnCardIds = () => new Set(vi.mocked(useSortable).mock.calls.map(([options]) => options.id));

// jsdom lays nothing out: it has no ResizeObserver or IntersectionObserver
// (https://github.com/jsdom/jsdom/issues/3368) and does not scroll. Every box is empty, so every card is
// in the window unless a test gives the cards a height.
const scrollIntoView = vi.fn();
beforeAll(() => {
  const observer = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  globalThis.ResizeObserver ??= observer;
  globalThis.IntersectionObserver ??= observer as unknown as typeof IntersectionObserver;
  Element.prototype.scrollIntoView = scrollIntoView;
});

const formId = '65f0c0ffee0000000000abcd';

function storedForm(definition: Partial<FormDefinition> = {}, version = 3): FormResponse {
  return {
    id: formId,
    status: 'draft',
    isArchived: false,
    version,
    definition: {
      title: 'Contact',
      description: '',
      language: 'en',
      pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Your name', required: true }] }],
      ...definition,
    },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    publishedAt: null,
    publishedVersion: null,
  };
}

type Call = { url: string; method: string; body: unknown };

/** The api as the builder meets it: GET answers the stored form, PUT checks the version like the server. */
function serveForm(initial: FormResponse, { conflictOnSave = false } = {}) {
  let current = initial;
  const calls: Call[] = [];
  answerApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (method === 'PUT') {
      if (conflictOnSave || body.version !== current.version)
        return [
          409,
          { error: { code: 'VERSION_CONFLICT', message: 'x', details: { currentVersion: current.version + 1 } } },
        ];
      current = { ...current, version: current.version + 1, definition: body.definition };
      return [200, current];
    }
    return [200, current];
  });
  return calls;
}

beforeEach(() => {
  useFormBuilderStore.setState({ formId: null });
  vi.mocked(useSortable).mockClear();
  scrollIntoView.mockClear();
});

const shortText = (id: string, label: string): FormField => ({ id, type: 'shortText', label, required: false });

describe('the form builder', () => {
  it('on a phone, opens the palette sheet from the bar and, once a field is added, its settings sheet', async () => {
    serveForm(storedForm());
    await renderPage(`/en/v1/forms/${formId}`);
    const addButton = await screen.findByRole('button', { name: 'Add a field' });
    const settingsButton = screen.getByRole('button', { name: 'Settings' });
    expect(addButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(addButton.getAttribute('aria-controls') ?? '')?.textContent).toContain('Email');
    fireEvent.click(addButton);
    expect(addButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Add Short answer');
    fireEvent.click(screen.getByRole('button', { name: 'Add Email' }));

    // The palette gives way to the new field's settings, its label ready to be written.
    expect(addButton.getAttribute('aria-expanded')).toBe('false');
    expect(settingsButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /^Edit: .*New question: Email/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Question / label'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(settingsButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(settingsButton);

    // One sheet at a time; Escape closes it and gives focus back to its button.
    fireEvent.click(settingsButton);
    fireEvent.click(addButton);
    expect(settingsButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(addButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(addButton);
  });

  it('adds a field from the palette after the selected one and opens its settings', async () => {
    serveForm(storedForm());
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: .*Your name/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Email' }));
    const canvas = screen.getByRole('region', { name: 'Pages of the form' });
    const labels = within(canvas)
      .getAllByRole('button', { name: /^Edit: / })
      .map((button) => button.querySelector('.builder-field__label')?.textContent);
    expect(labels).toEqual(['Your name*', 'New question: Email']);
    expect((screen.getByLabelText('Question / label') as HTMLTextAreaElement).value).toBe('New question: Email');
  });

  it('saves a moment after a change, with the version it started from, and shows it is saved', async () => {
    const calls = serveForm(storedForm());
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.change(await screen.findByLabelText('Form title'), { target: { value: 'Contact us' } });
    expect(screen.getByText('Unsaved changes', { selector: '.ui-save-status' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Saved', { selector: '.ui-save-status' })).toBeTruthy(), {
      timeout: 3000,
    });
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({ version: 3, definition: { title: 'Contact us' } });
  });

  it('when another tab saved in between, keeps the edits, says so, and can load the stored version instead', async () => {
    const calls = serveForm(storedForm(), { conflictOnSave: true });
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.change(await screen.findByLabelText('Form title'), { target: { value: 'Mine' } });
    expect(
      await screen.findByRole('heading', { name: 'The form was changed elsewhere' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Form title') as HTMLInputElement).value).toBe('Mine');
    fireEvent.click(screen.getByRole('button', { name: 'Load the saved version (discard mine)' }));
    await waitFor(() => expect((screen.getByLabelText('Form title') as HTMLInputElement).value).toBe('Contact'));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('undoes and redoes a removal with the buttons', async () => {
    serveForm(storedForm());
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: .*Your name/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: /^Edit: .*Your name/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: /^Edit: .*Your name/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.queryByRole('button', { name: /^Edit: .*Your name/ })).toBeNull();
  });

  it('does not save a condition that reads a later field, and names the field to fix', async () => {
    const calls = serveForm(
      storedForm({
        pages: [
          {
            id: 'p1',
            fields: [
              { id: 'name', type: 'shortText', label: 'Your name', required: false },
              { id: 'mail', type: 'email', label: 'Email', required: false },
            ],
          },
        ],
      }),
    );
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: .*Email/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    // "Email" is shown only when "Your name" is filled; moving it up makes the rule read a later field.
    fireEvent.click(screen.getByRole('button', { name: 'Move up' }));
    expect(
      await screen.findByText('“Email”: the condition reads a field that comes after it.', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    expect(screen.getByText('Not saved: please correct', { selector: '.ui-save-status' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    const cardOf = (name: RegExp) => screen.getByRole('button', { name }).closest('.builder-field');
    expect(cardOf(/^Edit: .*Email/)?.classList.contains('builder-field--problem')).toBe(true);
    expect(cardOf(/^Edit: .*Your name/)?.classList.contains('builder-field--problem')).toBe(false);
  });

  it('draws again only the cards that a selection or a change of a label concerns', async () => {
    serveForm(
      storedForm({ pages: [{ id: 'p1', fields: [shortText('a', 'A'), shortText('b', 'B'), shortText('c', 'C')] }] }),
    );
    await renderPage(`/en/v1/forms/${formId}`);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: .*A$/ }));
    vi.mocked(useSortable).mockClear();

    fireEvent.click(screen.getByRole('button', { name: /^Edit: .*B$/ }));
    expect(redrawnCardIds()).toEqual(new Set(['a', 'b']));
    vi.mocked(useSortable).mockClear();

    fireEvent.change(screen.getByLabelText('Question / label'), { target: { value: 'Bee' } });
    expect(screen.getByRole('button', { name: /^Edit: .*Bee$/ })).toBeTruthy();
    expect(redrawnCardIds()).toEqual(new Set(['b']));
  });

  it('of a long page, draws the cards near the window, and a field far down once the problem list shows it', async () => {
    const fields = Array.from({ length: 60 }, (_, index) => shortText(`f${index}`, `Question ${index + 1}`));
    // The 51st reads the 52nd: a problem the save names, with a way to the field.
    fields[50] = {
      ...shortText('f50', 'Question 51'),
      visibleWhen: { combinator: 'and', rules: [{ fieldId: 'f51', operator: 'isEmpty' }] },
    };
    serveForm(storedForm({ pages: [{ id: 'p1', fields }] }));
    const cardHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(75);
    onTestFinished(() => cardHeight.mockRestore());
    await renderPage(`/en/v1/forms/${formId}`);
    const canvas = await screen.findByRole('region', { name: 'Pages of the form' });
    const drawnCards = () => within(canvas).getAllByRole('listitem');
    // A 768 px high window shows ten cards of 75 px with their gaps; three more are drawn below it.
    expect(drawnCards()).toHaveLength(13);
    expect(drawnCards()[12]?.getAttribute('aria-posinset')).toBe('13');
    expect(drawnCards()[12]?.getAttribute('aria-setsize')).toBe('60');

    fireEvent.change(screen.getByLabelText('Form title'), { target: { value: 'Long' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show' }, { timeout: 3000 }));
    const card = screen.getByRole('button', { name: /^Edit: .*Question 51$/ }).closest('.builder-field');
    expect(card?.classList.contains('builder-field--selected')).toBe(true);
    expect(scrollIntoView.mock.contexts).toContain(card);
    expect(drawnCards()).toHaveLength(14);
  });

  it('in German, names the palette and the save state in German', async () => {
    serveForm(storedForm());
    await renderPage(`/v1/forms/${formId}`);
    expect(await screen.findByRole('button', { name: 'Kurze Antwort hinzufügen' })).toBeTruthy();
    expect(screen.getByText('Gespeichert', { selector: '.ui-save-status' })).toBeTruthy();
  });
});
