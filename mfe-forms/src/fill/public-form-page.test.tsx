import {
  type FormDefinitionInput,
  formDefinitionSchema,
  type PublicForm,
  publicFormSettingsSchema,
} from '@formwerk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicFormPage } from './public-form-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form: PublicForm = {
  id: 'f1',
  version: 1,
  servedAt: 0,
  startToken: 'token-1',
  definition: formDefinitionSchema.parse({
    title: 'Vertragsanfrage',
    pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name' }] }],
  } satisfies FormDefinitionInput),
  settings: publicFormSettingsSchema.parse({
    appearance: { pageLanguage: 'form', theme: {}, layout: 'classic' },
    errorTexts: { rules: {}, fields: {} },
    thankYou: {},
    logic: [],
    customScript: '',
    isQuiz: false,
    availability: { state: 'open', opensAt: null, timeZone: 'Europe/Berlin', closedMessage: '' },
  }),
};

/** Submits the form against an api that answers `receipt`. */
async function submitWith(receipt: object, locale: 'de' | 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ submissionId: 's1', reference: null, quiz: null, ...receipt }))),
  );
  render(<PublicFormPage form={form} locale={locale} alternatePath="/form/f1" initialAnswers={{}} />);
  fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Erika' } });
  fireEvent.click(screen.getByRole('button', { name: locale === 'de' ? 'Absenden' : 'Submit' }));
}

describe('the thank-you of the public form', () => {
  it('when a document waits for the respondent’s signature, leads them to sign it now', async () => {
    await submitWith({ signingPath: '/form/signed?token=abc_DEF-123' }, 'de');
    const action = await screen.findByRole('link', { name: 'Jetzt unterschreiben' });
    expect(action.getAttribute('href')).toBe('/form/signed?token=abc_DEF-123');
    // Inside the thank-you, after its text: the step that follows sending.
    expect(action.closest('.fw-receipt')).not.toBeNull();
    expect(screen.getByText(/einen Code an Ihre E-Mail-Adresse/)).toBeTruthy();
  });

  it('in English, says so in English', async () => {
    await submitWith({ signingPath: '/en/form/signed?token=abc' }, 'en');
    expect((await screen.findByRole('link', { name: 'Sign now' })).getAttribute('href')).toBe(
      '/en/form/signed?token=abc',
    );
  });

  it('without a document to sign, or with a link elsewhere, offers no signing', async () => {
    await submitWith({ signingPath: 'https://evil.example/form/signed?token=abc' }, 'de');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Jetzt unterschreiben' })).toBeNull();
  });
});
