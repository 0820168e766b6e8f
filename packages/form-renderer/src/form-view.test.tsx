import type { FormDefinitionInput } from '@formwerk/contracts';
import { formDefinitionSchema } from '@formwerk/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
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

describe('FormView', () => {
  it('renders the first page as HTML on the server: title, labels, progress', () => {
    const html = renderToString(<FormView definition={definition} locale="de" />);
    expect(html).toContain('Sommerfest');
    expect(html).toContain('Seite 1 von 2');
    expect(html).toContain('Name');
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
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Grete', comes: false }, ''));
  });
});
