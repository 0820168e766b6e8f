import type { CustomDomain } from '@formwerk/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const pending: CustomDomain = {
  hostname: 'formular.kunde.example',
  recordName: '_formwerk.formular.kunde.example',
  recordValue: 'formwerk-verification=abc123',
  status: 'pending',
  verifiedAt: null,
  lastCheckedAt: null,
  lastProblem: null,
};
const checkedAt = '2026-11-02T09:30:00.000Z';

const domainUrl = `/api/v1/forms/${formId}/domain`;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

/** The api: the form and its settings, and the domain endpoints answered by `domain`. */
function answerWithDomain(domain: (url: string, init?: RequestInit) => [number, unknown?]) {
  return answerApi((url, init) => {
    if (url.startsWith(domainUrl)) return domain(url, init);
    return url.endsWith('/settings') ? [200, defaultSettings()] : [200, form];
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the domain tab', () => {
  it('in German: a domain entered shows its TXT record, and a check without the record says it is missing', async () => {
    const fetch = answerWithDomain((url, init) => {
      if (init?.method === 'PUT') return [200, { domain: { ...pending, hostname: bodyOf(init).hostname } }];
      if (url.endsWith('/verify')) {
        return [200, { domain: { ...pending, lastCheckedAt: checkedAt, lastProblem: 'recordMissing' } }];
      }
      return [200, { domain: null }];
    });
    await renderPage(`/v1/forms/${formId}/setting/domain`);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: ' Formular.Kunde.Example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Domain hinzufügen' }));

    expect(await screen.findByRole('heading', { name: 'formular.kunde.example' })).toBeTruthy();
    expect(screen.getByText('Nicht bestätigt')).toBeTruthy();
    expect((screen.getByLabelText('Name des TXT-Eintrags') as HTMLInputElement).value).toBe(pending.recordName);
    expect((screen.getByLabelText('Wert des TXT-Eintrags') as HTMLInputElement).value).toBe(pending.recordValue);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ hostname: 'formular.kunde.example' });

    fireEvent.click(screen.getByRole('button', { name: 'Jetzt prüfen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unter _formwerk.formular.kunde.example wurde kein TXT-Eintrag gefunden.');
    expect(alert.textContent).toContain('Zuletzt geprüft am 02.11.2026');
    expect(fetch.mock.calls.some(([url, init]) => url === `${domainUrl}/verify` && init?.method === 'POST')).toBe(true);
  });

  it('names each outcome of a check clearly', async () => {
    const outcomes = [
      [{ status: 'pending', lastProblem: 'recordMismatch' }, /has a different value/],
      [{ status: 'verified', lastProblem: 'dnsFailed' }, /DNS server did not answer/],
      [{ status: 'verified', lastProblem: null }, /available at https:\/\/formular\.kunde\.example\//],
    ] as const;
    for (const [outcome, text] of outcomes) {
      answerWithDomain(() => [200, { domain: { ...pending, ...outcome, lastCheckedAt: checkedAt } }]);
      await renderPage(`/en/v1/forms/${formId}/setting/domain`);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByText(outcome.status === 'verified' ? 'Verified' : 'Not verified')).toBeTruthy();
      cleanup();
    }
  });

  it('refuses what is no domain before asking the api, and says when another form has it', async () => {
    const fetch = answerWithDomain((_url, init) =>
      init?.method === 'PUT' ? [409, { error: { code: 'DOMAIN_TAKEN', message: 'x' } }] : [200, { domain: null }],
    );
    await renderPage(`/en/v1/forms/${formId}/setting/domain`);
    const input = await screen.findByLabelText('Domain');
    fireEvent.change(input, { target: { value: 'https://form.example.com/path' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a domain like');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: 'form.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Another form already uses this domain.')).toBeTruthy();
  });

  it('copies the record’s value and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    answerWithDomain(() => [200, { domain: pending }]);
    await renderPage(`/en/v1/forms/${formId}/setting/domain`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy value' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(pending.recordValue);
  });

  it('removes the domain after asking', async () => {
    const fetch = answerWithDomain((_url, init) => (init?.method === 'DELETE' ? [204] : [200, { domain: pending }]));
    await renderPage(`/en/v1/forms/${formId}/setting/domain`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove domain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the domain?' });
    expect(dialog.textContent).toContain('no longer be available at formular.kunde.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'formular.kunde.example' })).toBeNull());
    expect((screen.getByLabelText('Domain') as HTMLInputElement).value).toBe('');
    expect(fetch.mock.calls.some(([url, init]) => url === domainUrl && init?.method === 'DELETE')).toBe(true);
  });
});
