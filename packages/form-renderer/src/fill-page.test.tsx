import {
  type FormDefinitionInput,
  formDefinitionSchema,
  type PublicForm,
  type PublicFormSettings,
  publicFormSettingsSchema,
} from '@formwerk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FillPage } from './fill-page';

afterEach(cleanup);

const definition = formDefinitionSchema.parse({
  title: 'Quiz',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'capital',
          type: 'singleChoice',
          label: 'Hauptstadt von Frankreich?',
          choices: [
            { id: 'paris', label: 'Paris' },
            { id: 'lyon', label: 'Lyon' },
          ],
        },
      ],
    },
  ],
} satisfies FormDefinitionInput);

function publicForm(settings: Partial<PublicFormSettings> = {}): PublicForm {
  const defaults = publicFormSettingsSchema.parse({
    appearance: { pageLanguage: 'form', theme: {}, layout: 'classic' },
    errorTexts: { rules: {}, fields: {} },
    thankYou: {},
    logic: [],
    customScript: '',
    isQuiz: false,
    availability: { state: 'open', opensAt: null, timeZone: 'Europe/Berlin', closedMessage: '' },
  });
  return { id: 'f1', version: 1, servedAt: 0, startToken: 'test', definition, settings: { ...defaults, ...settings } };
}

const page = (form: PublicForm, onSubmit = vi.fn()) => (
  <FillPage form={form} locale="en" alternatePath="/form/f1" initialAnswers={{}} onSubmit={onSubmit} />
);

describe('the public page with the form’s settings', () => {
  it('wears the owner’s theme and logo from the first paint', () => {
    const form = publicForm();
    form.settings.appearance.theme = {
      accentColor: '#aa0000',
      backgroundColor: '#ffffee',
      textColor: '#111111',
      font: 'serif',
      logoUrl: 'https://example.com/logo.png',
    };
    const html = renderToString(page(form));
    expect(html).toContain('--fw-theme-accent:#aa0000');
    expect(html).toContain('--fw-theme-font:Georgia');
    expect(html).toContain('src="https://example.com/logo.png"');
  });

  it('says a form is not yet open, with the date in its time zone, or shows the owner’s message', () => {
    const early = publicForm({
      availability: {
        state: 'notYetOpen',
        opensAt: '2030-05-01T07:00:00.000Z',
        timeZone: 'Europe/Berlin',
        closedMessage: '',
      },
    });
    render(page(early));
    expect(screen.getByRole('heading', { name: 'This form is not open yet' })).toBeTruthy();
    expect(screen.getByText(/It takes answers from 1 May 2030(,| at) 09:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    cleanup();
    render(
      page(
        publicForm({ availability: { state: 'full', opensAt: null, timeZone: 'UTC', closedMessage: 'Ausgebucht.' } }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'This form is full' })).toBeTruthy();
    expect(screen.getByText('Ausgebucht.')).toBeTruthy();
  });

  it('uses the owner’s error texts for a field before those for the rule, and ours last', () => {
    render(
      page(
        publicForm({
          errorTexts: {
            rules: { required: { de: 'Muss sein' } },
            fields: { name: { required: { en: 'Your name, please' } } },
          },
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Your name, please')).toBeTruthy();
  });

  it('thanks with the answers filled in, the reference and the quiz score with corrections', async () => {
    const form = publicForm({
      thankYou: {
        kind: 'message',
        title: 'Thanks, {name}!',
        message: 'Ref {reference}',
        redirectUrl: null,
        redirectWithAnswers: true,
      },
    });
    const onSubmit = vi.fn().mockResolvedValue({
      isDone: true,
      receipt: {
        reference: 'Q-2026-0007',
        quiz: {
          points: 0,
          maxPoints: 2,
          corrections: [{ fieldId: 'capital', isCorrect: false, correctChoiceIds: ['paris'] }],
        },
      },
    });
    render(page(form, onSubmit));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina' } });
    fireEvent.click(screen.getByLabelText('Lyon'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Thanks, Ina!' })).toBeTruthy();
    expect(screen.getByText('Ref Q-2026-0007')).toBeTruthy();
    expect(screen.getByText('Your reference number: Q-2026-0007')).toBeTruthy();
    expect(screen.getByText('Your score: 0 of 2 points')).toBeTruthy();
    expect(screen.getByText('Wrong, the right answer: Paris')).toBeTruthy();
  });

  it('when the team’s plan takes no more answers this month, says so calmly and keeps the answers', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ isDone: false, issues: [], problem: 'paused' });
    render(page(publicForm(), onSubmit));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This form is not taking answers at the moment. Please try again later.',
    );
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ina');
  });

  it('redirects with the answers as URL-encoded query values', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const form = publicForm({
      thankYou: {
        kind: 'redirect',
        title: '',
        message: '',
        redirectUrl: 'https://example.com/done?from=form',
        redirectWithAnswers: true,
      },
    });
    render(page(form, vi.fn().mockResolvedValue({ isDone: true, receipt: { reference: null, quiz: null } })));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina & Co' } });
    fireEvent.click(screen.getByLabelText('Paris'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://example.com/done?from=form&name=Ina+%26+Co&capital=Paris'),
    );
    vi.unstubAllGlobals();
  });

  it('when a document waits for the respondent’s signature, offers to sign it now instead of redirecting', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const form = publicForm({
      thankYou: {
        kind: 'redirect',
        title: '',
        message: '',
        redirectUrl: 'https://example.com/done',
        redirectWithAnswers: false,
      },
    });
    const signingPath = `/en/form/signed?token=${'a'.repeat(43)}`;
    render(
      page(form, vi.fn().mockResolvedValue({ isDone: true, receipt: { reference: null, quiz: null, signingPath } })),
    );
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina' } });
    fireEvent.click(screen.getByLabelText('Paris'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'One more step: your signature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign now' }).getAttribute('href')).toBe(signingPath);
    expect(assign).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('links the respondent’s own data page in the language they filled the form in', async () => {
    const token = 'c'.repeat(43);
    const receipt = { reference: null, quiz: null, personalDataPath: `/mydata/${token}` };
    render(page(publicForm(), vi.fn().mockResolvedValue({ isDone: true, receipt })));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina' } });
    fireEvent.click(screen.getByLabelText('Paris'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const link = await screen.findByRole('link', { name: 'View, download or erase your data' });
    expect(link.getAttribute('href')).toBe(`/en/mydata/${token}`);
    expect(screen.getByText(/do not pass it on/)).toBeTruthy();
  });

  it('shows one question per screen when the owner chose it', () => {
    const form = publicForm();
    form.settings.appearance.layout = 'oneQuestion';
    render(page(form));
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.queryByLabelText('Paris')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(screen.getByLabelText('Paris')).toBeTruthy();
  });
});
