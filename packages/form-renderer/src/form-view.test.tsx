import type { Answers, FormDefinitionInput } from '@formwerk/contracts';
import { formDefinitionSchema } from '@formwerk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormView } from './form-view';
import { readSavedAnswers, saveAnswers } from './saved-answers';

const definition = formDefinitionSchema.parse({
  title: 'Sommerfest',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'comes', type: 'yesNo', label: 'Kommst du?', required: true },
      ],
    },
    {
      id: 'p2',
      skipWhen: { combinator: 'and', rules: [{ fieldId: 'comes', operator: 'equals', value: false }] },
      fields: [{ id: 'guests', type: 'number', label: 'Begleitung', required: true, max: 4, decimals: 0 }],
    },
  ],
} satisfies FormDefinitionInput);

afterEach(cleanup);

describe('FormView', () => {
  it('renders the first page as HTML on the server: title, labels, progress', () => {
    const html = renderToString(<FormView definition={definition} locale="de" />);
    expect(html).toContain('Sommerfest');
    expect(html).toContain('Seite 1 von 2');
    expect(html).toContain('Name');
  });

  it('says calmly how long the answers wait while the handler waits to send them again, and keeps them', async () => {
    let finish: (outcome: { isDone: true }) => void = () => {};
    const onSubmit = vi.fn(
      (_answers: Answers, _honeypot: string, events?: { onWait?: (seconds: number) => void }) =>
        new Promise<{ isDone: true }>((resolve) => {
          events?.onWait?.(42);
          finish = resolve;
        }),
    );
    render(<FormView definition={definition} locale="de" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Grete' } });
    fireEvent.click(screen.getByLabelText('Nein'));
    fireEvent.click(screen.getByRole('button', { name: 'Absenden' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('in etwa 42 Sekunden'));
    expect(screen.getByRole('button', { name: 'Wird gesendet …' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText<HTMLInputElement>(/Name/).value).toBe('Grete');
    finish({ isDone: true });
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('blocks the next page until required answers are given, then follows the skip rule to submit', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ isDone: true });
    render(<FormView definition={definition} locale="en" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Please check the marked answers.');
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Grete' } });
    fireEvent.click(screen.getByLabelText('No'));
    // "No" skips the second page: this page is the last one now.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Grete', comes: false }, '', { onWait: expect.any(Function) }),
    );
  });

  describe('keeps unfinished answers on the device', () => {
    afterEach(() => window.localStorage.clear());

    it('fills them in again on a return, on the page left, and starts over on request', async () => {
      const first = render(<FormView definition={definition} locale="de" keepAnswersFor="f1" />);
      fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Grete' } });
      fireEvent.click(screen.getByLabelText('Ja'));
      fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(screen.getByText('Seite 2 von 2')).toBeTruthy();
      first.unmount();

      render(<FormView definition={definition} locale="de" keepAnswersFor="f1" />);
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('Willkommen zurück!'));
      expect(screen.getByText('Seite 2 von 2')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
      expect(screen.getByLabelText<HTMLInputElement>(/Name/).value).toBe('Grete');

      fireEvent.click(screen.getByRole('button', { name: 'Neu beginnen' }));
      expect(screen.getByLabelText<HTMLInputElement>(/Name/).value).toBe('');
      expect(screen.queryByRole('status')).toBeNull();
      expect(window.localStorage.getItem('formwerk:answers:f1')).toBeNull();
    });

    it('forgets them once sent, and lets the values of the link win over them', async () => {
      const onSubmit = vi.fn().mockResolvedValue({ isDone: true });
      const first = render(<FormView definition={definition} locale="en" keepAnswersFor="f1" onSubmit={onSubmit} />);
      fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Grete' } });
      first.unmount();

      render(
        <FormView
          definition={definition}
          locale="en"
          keepAnswersFor="f1"
          onSubmit={onSubmit}
          initialAnswers={{ name: 'From the link' }}
        />,
      );
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('Welcome back!'));
      expect(screen.getByLabelText<HTMLInputElement>(/Name/).value).toBe('From the link');
      fireEvent.click(screen.getByLabelText('No'));
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
      await vi.waitFor(() => expect(window.localStorage.getItem('formwerk:answers:f1')).toBeNull());
    });

    it('brings back an answer only to a field of the same id and type, never files or signatures', () => {
      const withFile = formDefinitionSchema.parse({
        title: 'Bewerbung',
        pages: [
          {
            id: 'p1',
            fields: [
              { id: 'name', type: 'shortText', label: 'Name' },
              { id: 'age', type: 'number', label: 'Alter' },
              { id: 'cv', type: 'fileUpload', label: 'Lebenslauf' },
            ],
          },
        ],
      } satisfies FormDefinitionInput);
      saveAnswers(
        'f2',
        withFile,
        { name: 'Grete', age: 41, cv: [{ fileId: 'abc', name: 'cv.pdf', size: 1024, type: 'application/pdf' }] },
        0,
      );
      expect(JSON.parse(window.localStorage.getItem('formwerk:answers:f2') ?? '{}').answers).toEqual({
        name: 'Grete',
        age: 41,
      });
      // The form changed in between: "age" is a short answer now.
      const changed = formDefinitionSchema.parse({
        title: 'Bewerbung',
        pages: [
          {
            id: 'p1',
            fields: [
              { id: 'name', type: 'shortText', label: 'Name' },
              { id: 'age', type: 'shortText', label: 'Alter' },
              { id: 'cv', type: 'fileUpload', label: 'Lebenslauf' },
            ],
          },
        ],
      } satisfies FormDefinitionInput);
      expect(readSavedAnswers('f2', changed)).toEqual({
        answers: { name: 'Grete' },
        stepIndex: 0,
        asksForFilesAgain: true,
      });
    });

    it('drops what was kept more than a week ago', () => {
      window.localStorage.setItem(
        'formwerk:answers:f3',
        JSON.stringify({
          savedAt: Date.now() - 8 * 24 * 60 * 60 * 1000,
          stepIndex: 0,
          answers: { name: 'Grete' },
          types: { name: 'shortText' },
        }),
      );
      expect(readSavedAnswers('f3', definition)).toBeNull();
      expect(window.localStorage.getItem('formwerk:answers:f3')).toBeNull();
    });
  });
});
