import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));
const putOf = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date());

function answerForm() {
  return answerApi((url, init) => {
    if (init?.method === 'PUT') {
      const saved = defaultSettings(5);
      saved.settings.reference = { ...saved.settings.reference, ...bodyOf(init).value };
      return [200, saved];
    }
    return url.endsWith('/settings') ? [200, defaultSettings()] : [200, form];
  });
}

describe('the reference tab', () => {
  it('shows the number the pattern gives while it is typed, and saves the pattern', async () => {
    const fetch = answerForm();
    await renderPage(`/v1/forms/${formId}/setting/reference`);
    fireEvent.click(await screen.findByLabelText('Einsendungen nummerieren'));
    const example = () => screen.getByRole('status', { name: 'So sieht eine Nummer aus' }).textContent;
    expect(example()).toBe(`${year}-00001`);

    fireEvent.change(screen.getByLabelText('Präfix'), { target: { value: 'HR-' } });
    expect(example()).toBe(`HR-${year}-00001`);
    fireEvent.change(screen.getByLabelText('Stellen der laufenden Nummer'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('Jahr einfügen'));
    expect(example()).toBe('HR-001');

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/^Gespeichert/)).toBeTruthy();
    expect(bodyOf(putOf(fetch)?.[1]).value).toEqual({ isEnabled: true, prefix: 'HR-', includeYear: false, padding: 3 });
  });

  it('says which characters a prefix may have', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/setting/reference`);
    fireEvent.click(await screen.findByLabelText('Number the submissions'));
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'HR#' } });
    expect(screen.getByText('Up to 20 letters, digits and the characters - _ . / are allowed.')).toBeTruthy();
    expect(screen.getByLabelText('Prefix').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'HR/' } });
    expect(screen.queryByText('Up to 20 letters, digits and the characters - _ . / are allowed.')).toBeNull();
  });
});
