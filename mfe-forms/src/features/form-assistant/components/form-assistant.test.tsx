import {
  type AssistantEvent,
  type AssistantProposal,
  type FormDefinition,
  type FormDefinitionInput,
  formDefinitionSchema,
} from '@formwerk/contracts';
import { findRoute, i18n, initI18n, type Locale, loadNamespace, registerNamespace } from '@formwerk/platform';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import areaModule from '../../../exposes/routes';
import '../../../test/render-page';
import { FormAssistant } from './form-assistant';

const formId = 'c'.repeat(24);
const definitionOf = (input: FormDefinitionInput): FormDefinition => formDefinitionSchema.parse(input);

const current = definitionOf({
  title: 'Contact',
  language: 'en',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'phone', type: 'phone', label: 'Phone', required: true },
      ],
    },
  ],
});
const proposed = definitionOf({
  ...current,
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'phone', type: 'phone', label: 'Phone' },
        { id: 'consent', type: 'consent', label: 'Privacy', text: 'I agree.', required: true },
      ],
    },
  ],
});
const modelProvider = { mode: 'model', model: 'gpt-4o-mini', host: 'api.example.com' } as const;
const proposalOf = (definition: FormDefinition, provider: AssistantProposal['provider'] = modelProvider) =>
  ({
    type: 'proposal',
    proposal: { definition, explanation: 'The phone is optional; a consent closes the form.', provider },
  }) satisfies AssistantEvent;

/** A step of a streamed answer: an event, or a pause until the test lets it go on. */
type Step = AssistantEvent | Promise<void>;

function streamOf(steps: Step[], signal: AbortSignal | null | undefined): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // As a real fetch does, an abort ends the stream with its reason.
      signal?.addEventListener('abort', () => controller.error(signal.reason));
      for (const step of steps) {
        if (step instanceof Promise) await step;
        else if (!signal?.aborted) controller.enqueue(encoder.encode(`${JSON.stringify(step)}\n`));
      }
      if (!signal?.aborted) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
}

type Answer = Response | ((init: RequestInit | undefined) => Response);

/** The api: the provider, then each POST answered by the next of `answers`. */
function answerAssistant(provider: AssistantProposal['provider'], answers: Answer[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/forms/assistant/provider') return new Response(JSON.stringify(provider), { status: 200 });
    const answer = answers.shift();
    if (!answer) throw new Error(`Unexpected call of ${url}`);
    return typeof answer === 'function' ? answer(init) : answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (fetch: ReturnType<typeof answerAssistant>, call: number) =>
  JSON.parse(String(fetch.mock.calls[call]?.[1]?.body));

/** The builder's side of the assistant: its form in state, each applied form kept for the test to read. */
function Builder({ initial, applied }: { initial: FormDefinition; applied: FormDefinition[] }) {
  const [form, setForm] = useState(initial);
  return (
    <FormAssistant
      definition={form}
      onApply={(next) => {
        applied.push(next);
        setForm(next);
      }}
    />
  );
}

/** The assistant where the builder mounts it, on the builder page. */
async function renderInBuilder(locale: Locale = 'en', definition = current) {
  await initI18n('de');
  registerNamespace(areaModule.namespace, areaModule.messages);
  await loadNamespace(areaModule.namespace, locale);
  await i18n.changeLanguage(locale);
  const applied: FormDefinition[] = [];
  const route = findRoute('v1-forms-id', locale);
  const router = createMemoryRouter(
    [
      {
        path: route.pattern,
        handle: { name: route.localizedName },
        element: <Builder initial={definition} applied={applied} />,
      },
    ],
    { initialEntries: [route.pattern.replace(':id', formId)] },
  );
  render(<RouterProvider router={router} />);
  return { applied };
}

const openPanel = async (name = 'Assistant') => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('complementary');
};
const describeForm = (label: string, text: string, button: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: button }));
};

describe('the form assistant', () => {
  it('streams a proposal, shows its changes as a checklist and applies the chosen ones, then the rest', async () => {
    let release = () => {};
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = answerAssistant(modelProvider, [
      (init) =>
        streamOf(
          [
            { type: 'progress', stage: 'started' },
            { type: 'progress', stage: 'receiving', receivedChars: 240, fieldCount: 2 },
            paused,
            { type: 'progress', stage: 'validating', receivedChars: 480, fieldCount: 3 },
            proposalOf(proposed),
          ],
          init?.signal,
        ),
    ]);
    const { applied } = await renderInBuilder();
    const panel = await openPanel();
    expect(screen.getByRole('button', { name: 'Assistant' }).getAttribute('aria-expanded')).toBe('true');
    expect(panel.getAttribute('aria-labelledby')).toBe('assistant-title');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Describe your form' }));
    expect(await within(panel).findByText('AI model: gpt-4o-mini via api.example.com')).toBeTruthy();

    describeForm('Describe your form', 'Make the phone optional and add a consent', 'Create proposal');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('The AI model is writing … (2 fields so far)'));
    expect(screen.getByRole('button', { name: 'Create proposal' }).getAttribute('aria-disabled')).toBe('true');
    act(() => release());

    await waitFor(() => expect(status.textContent).toBe('Proposal ready: 2 changes.'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Proposal' }));
    expect(bodyOf(fetch, 1)).toEqual({
      description: 'Make the phone optional and add a consent',
      language: 'en',
      currentDefinition: current,
      history: [],
    });
    const optional = screen.getByRole('checkbox', { name: 'Make “Phone” optional' }) as HTMLInputElement;
    const consent = screen.getByRole('checkbox', { name: 'New field “Privacy” (Consent)' }) as HTMLInputElement;
    expect([optional.checked, consent.checked]).toEqual([true, true]);

    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Apply selection (1)' }));
    expect(applied).toHaveLength(1);
    expect(applied[0]?.pages[0]?.fields.map((field) => [field.id, field.required])).toEqual([
      ['name', true],
      ['phone', false],
    ]);
    expect(status.textContent).toBe('1 change applied. Press Ctrl+Z to undo it.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'What should change in the proposal?' }));

    // What is left of the proposal against the form as it is now: the consent.
    const changes = screen.getByRole('group', { name: 'Changes (1)' });
    expect(
      within(changes)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['New field “Privacy” (Consent)']);
    fireEvent.click(screen.getByRole('button', { name: 'Apply all' }));
    expect(applied[1]).toEqual(proposed);
    expect(screen.queryByRole('group', { name: /Changes/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 change applied. Press Ctrl+Z to undo it.');
  });

  it('refines the proposal with a follow-up that carries the conversation, and previews it as respondents see it', async () => {
    const refined = definitionOf({ ...proposed, title: 'Get in touch' });
    const fetch = answerAssistant(modelProvider, [
      (init) => streamOf([proposalOf(proposed)], init?.signal),
      (init) => streamOf([proposalOf(refined)], init?.signal),
    ]);
    await renderInBuilder();
    await openPanel();
    describeForm('Describe your form', 'Phone optional, plus a consent', 'Create proposal');
    await screen.findByRole('heading', { name: 'Proposal' });
    describeForm('What should change in the proposal?', 'Call it “Get in touch”', 'Refine proposal');
    await screen.findByRole('checkbox', { name: 'Title: “Get in touch”' });
    expect(bodyOf(fetch, 2)).toMatchObject({
      description: 'Call it “Get in touch”',
      currentDefinition: proposed,
      history: [
        { role: 'user', text: 'Phone optional, plus a consent' },
        { role: 'assistant', text: 'The phone is optional; a consent closes the form.' },
      ],
    });
    const conversation = screen.getByRole('list', { name: 'Earlier requests' });
    expect(within(conversation).getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(screen.getByText('Preview of the proposal'));
    expect(screen.getByRole('heading', { name: 'Get in touch' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I agree\./ })).toBeTruthy();
  });

  it('explains errors by their code and never applies anything: invalid output, a proposal that is no form, the limit', async () => {
    const broken = {
      ...proposed,
      pages: [{ id: 'p1', fields: [...(proposed.pages[0]?.fields ?? []), proposed.pages[0]?.fields[0]] }],
    };
    answerAssistant(modelProvider, [
      (init) =>
        streamOf(
          [
            { type: 'progress', stage: 'started' },
            { type: 'error', error: { code: 'ASSISTANT_INVALID_OUTPUT', message: 'not a form' } },
          ],
          init?.signal,
        ),
      (init) => streamOf([{ type: 'progress', stage: 'started' }, proposalOf(broken as FormDefinition)], init?.signal),
      new Response(
        JSON.stringify({
          error: { code: 'ASSISTANT_LIMIT_REACHED', message: 'limit', details: { limit: 30, retryAfterSeconds: 900 } },
        }),
        { status: 429, headers: { 'Retry-After': '900' } },
      ),
      (init) => streamOf([{ type: 'error', error: { code: 'ASSISTANT_TIMEOUT', message: 'slow' } }], init?.signal),
    ]);
    const { applied } = await renderInBuilder();
    await openPanel();
    const invalidText = 'The AI model did not return a valid form. Nothing was applied; please try again.';
    describeForm('Describe your form', 'A contact form', 'Create proposal');
    expect((await screen.findByRole('alert')).textContent).toBe(invalidText);
    describeForm('Describe your form', 'A contact form', 'Create proposal');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(invalidText));
    describeForm('Describe your form', 'A contact form', 'Create proposal');
    expect((await screen.findByText(/as often as an hour allows/)).textContent).toBe(
      'Your team has asked the assistant as often as an hour allows (30 times). Try again in 15 minutes.',
    );
    describeForm('Describe your form', 'A contact form', 'Create proposal');
    expect((await screen.findByText(/took too long/)).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('heading', { name: 'Proposal' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Describe your form' })).toHaveProperty('value', 'A contact form');
    expect(applied).toEqual([]);
  });

  it('says so when it works offline, in German, and cancels a request on demand', async () => {
    answerAssistant({ mode: 'offline' }, [
      (init) => streamOf([{ type: 'progress', stage: 'started' }, new Promise<void>(() => {})], init?.signal),
      (init) => streamOf([proposalOf(proposed, { mode: 'offline' })], init?.signal),
    ]);
    await renderInBuilder('de');
    const panel = await openPanel('Assistent');
    expect(await within(panel).findByText('Offline-Modus: ohne KI-Modell')).toBeTruthy();
    describeForm('Beschreiben Sie Ihr Formular', 'Kontaktformular', 'Vorschlag erstellen');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Der Vorschlag wird erstellt …'));
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Abgebrochen. Es wurde nichts geändert.'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Beschreiben Sie Ihr Formular' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vorschlag erstellen' }));
    expect(await screen.findByRole('heading', { name: 'Vorschlag Ohne KI-Modell erstellt' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '„Phone“ optional' })).toBeTruthy();
  });

  it('closes with Escape and gives focus back to its button, keeping the proposal for when it opens again', async () => {
    answerAssistant(modelProvider, [(init) => streamOf([proposalOf(proposed)], init?.signal)]);
    await renderInBuilder();
    await openPanel();
    describeForm('Describe your form', 'A contact form', 'Create proposal');
    await screen.findByRole('heading', { name: 'Proposal' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    const button = screen.getByRole('button', { name: 'Assistant' });
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await openPanel();
    expect(screen.getByRole('checkbox', { name: 'Make “Phone” optional' })).toBeTruthy();
  });
});
