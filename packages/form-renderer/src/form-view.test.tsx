import type { Answers, FormDefinitionInput } from '@formwerk/contracts';
import { formDefinitionSchema } from '@formwerk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormView } from './form-view';

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
});
