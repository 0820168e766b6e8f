import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';
import { defaultSettings, form, formId } from '../test/settings-fixture';

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

describe('the settings of a form', () => {
  it('shows every tab on the overview with whether it is in use', async () => {
    const settings = defaultSettings();
    settings.settings.reference.isEnabled = true;
    answerApi((url) => (url.endsWith('/settings') ? [200, settings] : [200, form]));
    await renderPage(`/v1/forms/${formId}/setting`);
    expect(await screen.findByRole('link', { name: /^Referenznummer.*Aktiv$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Quiz.*Nicht aktiv$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Eigene Domain.+/ }).getAttribute('href')).toBe(
      `/v1/forms/${formId}/setting/domain`,
    );
  });

  it('saves a tab with the version it was loaded at and says it is live', async () => {
    const fetch = answerApi((url, init) => {
      if (init?.method === 'PUT') {
        const saved = defaultSettings(5);
        saved.settings.scheduling = { ...saved.settings.scheduling, ...bodyOf(init).value };
        return [200, saved];
      }
      return url.endsWith('/settings') ? [200, defaultSettings()] : [200, form];
    });
    await renderPage(`/en/v1/forms/${formId}/setting/scheduling`);
    fireEvent.change(await screen.findByLabelText('At most this many submissions'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. It applies on the public page right away.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe(`/api/v1/forms/${formId}/settings/scheduling`);
    expect(bodyOf(put?.[1])).toMatchObject({ version: 4, value: { maxSubmissions: 100 } });
  });

  it('offers to reload when the form was saved elsewhere, keeping nothing silently', async () => {
    const conflict = { error: { code: 'VERSION_CONFLICT', message: 'x', details: { currentVersion: 5 } } };
    answerApi((url, init) => {
      if (init?.method === 'PUT') return [409, conflict];
      return url.endsWith('/settings') ? [200, defaultSettings()] : [200, form];
    });
    await renderPage(`/v1/forms/${formId}/setting/thankyou`);
    fireEvent.change(await screen.findByLabelText('Überschrift'), { target: { value: 'Merci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('inzwischen an anderer Stelle geändert');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });

  it('says when the form does not exist', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'x' } }]);
    await renderPage(`/en/v1/forms/${formId}/setting/form`);
    expect(await screen.findByRole('heading', { name: 'Form not found' })).toBeTruthy();
  });
});

describe('the condition tab', () => {
  it('builds a rule and shows the api’s objection beside the rule it concerns', async () => {
    const fetch = answerApi((url, init) => {
      if (init?.method === 'PUT') {
        const issue = { path: ['rules', 0], code: 'readsLaterField', message: 'x' };
        return [400, { error: { code: 'VALIDATION_FAILED', message: 'x', details: { issues: [issue] } } }];
      }
      return url.endsWith('/settings') ? [200, defaultSettings()] : [200, form];
    });
    await renderPage(`/en/v1/forms/${formId}/setting/condition`);
    expect(await screen.findByText('No rules yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a new rule' }));
    fireEvent.change(screen.getByLabelText('Then'), { target: { value: 'skipToPage' } });
    fireEvent.change(screen.getByLabelText('Page'), { target: { value: 'p2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/reads a field that comes after/)).toBeTruthy();
    await waitFor(() => {
      const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(bodyOf(put?.[1]).value.rules[0]).toMatchObject({
        when: { combinator: 'and', rules: [{ fieldId: 'name', operator: 'isNotEmpty' }] },
        effect: { action: 'skipToPage', pageId: 'p2' },
      });
    });
  });
});
