import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));
const putOf = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.find(([, init]) => init?.method === 'PUT');

function answerForm(code = '') {
  const settings = defaultSettings();
  settings.settings.javascript = { code };
  return answerApi((url, init) => {
    if (init?.method === 'PUT') {
      const saved = defaultSettings(5);
      saved.settings.javascript = bodyOf(init).value;
      return [200, saved];
    }
    return url.endsWith('/settings') ? [200, settings] : [200, form];
  });
}

describe('the javascript tab', () => {
  it('shows the saved code in a code box and saves what the owner writes', async () => {
    const fetch = answerForm('console.log(1);');
    await renderPage(`/v1/forms/${formId}/setting/javascript`);
    const code = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Code' });
    expect(code.value).toBe('console.log(1);');
    expect(code.getAttribute('spellcheck')).toBe('false');
    expect(code.className).toContain('javascript-settings__code');
    expect(screen.getByText(/höchstens 50.000 Zeichen/)).toBeTruthy();

    const script = "formwerk.on('change', function (event) {\n  formwerk.setValue('diet', event.value);\n});";
    fireEvent.change(code, { target: { value: script } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/^Gespeichert/)).toBeTruthy();
    expect(bodyOf(putOf(fetch)?.[1])).toEqual({ version: 4, value: { code: script } });
  });

  it('lists the form’s fields with the ids a script addresses them by', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/setting/javascript`);
    const table = await screen.findByRole('table', { name: 'Fields of this form' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'NamenameShort answer',
      'Mitglied?memberYes/No',
      'MitgliedsnummernumberShort answer',
      'EssenswunschdietShort answer',
    ]);
  });

  it('explains the api with an example in the owner’s language', async () => {
    answerForm();
    await renderPage(`/v1/forms/${formId}/setting/javascript`);
    expect(await screen.findByRole('heading', { name: 'Kurzreferenz' })).toBeTruthy();
    expect(screen.getByText('formwerk.setValue(fieldId, value)')).toBeTruthy();
    expect(screen.getByText(/Begrüßt die Person mit Namen/)).toBeTruthy();
    expect(screen.getByText(/kann weder Cookies noch den Speicher der Website lesen/)).toBeTruthy();
  });

  it('empties the code to run no script', async () => {
    const fetch = answerForm('alert(1)');
    await renderPage(`/en/v1/forms/${formId}/setting/javascript`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodyOf(putOf(fetch)?.[1]).value).toEqual({ code: '' }));
  });
});
