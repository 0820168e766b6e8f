import { formDefinitionSchema } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const definition = formDefinitionSchema.parse({
  title: 'Newsletter',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'mail', type: 'email', label: 'E-Mail' },
        { id: 'first', type: 'shortText', label: 'Vorname' },
        { id: 'last', type: 'shortText', label: 'Nachname' },
      ],
    },
  ],
});
const apiKey = `${'0123456789abcdef'.repeat(2)}-us21`;
const audiences = [
  { id: 'a1', name: 'Newsletter', memberCount: 120 },
  { id: 'b2', name: 'Presse', memberCount: 1 },
];
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? '{}'));

type Answers = { audiences?: unknown; failures?: unknown[] };

function answerMailchimpTab({ audiences: connection, failures = [] }: Answers = {}) {
  return answerApi((url, init) => {
    if (init?.method === 'PUT') {
      const { apiKey: _key, ...value } = bodyOf(init).value;
      const saved = defaultSettings(5);
      saved.settings.mailchimp = { ...value, apiKeyHint: 'us21' };
      return [200, saved];
    }
    if (url.endsWith('/mailchimp/audiences')) return [200, connection ?? { isConnected: true, audiences }];
    if (url.endsWith('/settings')) return [200, defaultSettings()];
    if (url.includes('/notifications/failures?kind=mailchimp')) return [200, { failures }];
    return [200, { ...form, definition }];
  });
}

const posts = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/mailchimp/audiences'));

describe('the mailchimp tab', () => {
  it('connects with a key, saves it with the audience and mapping, and then shows only its last characters', async () => {
    const fetch = answerMailchimpTab();
    await renderPage(`/v1/forms/${formId}/setting/mailchimp`);
    expect(await screen.findByText('Noch nicht verbunden.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('API-Schlüssel'), { target: { value: 'abc-us21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verbinden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('kein Mailchimp-API-Schlüssel');
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('API-Schlüssel'), { target: { value: apiKey } });
    fireEvent.click(screen.getByRole('button', { name: 'Verbinden' }));
    expect(await screen.findByText('Verbunden: 2 Zielgruppen gefunden.')).toBeTruthy();
    expect(bodyOf(posts(fetch)[0]?.[1])).toEqual({ apiKey });

    fireEvent.click(screen.getByLabelText('Befragte in Mailchimp eintragen'));
    fireEvent.change(screen.getByLabelText('Zielgruppe'), { target: { value: 'a1' } });
    expect(screen.getByRole('option', { name: 'Newsletter (120 Kontakte)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Feld'), { target: { value: 'mail' } });
    fireEvent.change(screen.getByLabelText('Vorname aus Feld'), { target: { value: 'first' } });
    fireEvent.click(screen.getByLabelText('Double-Opt-in'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText(/Verbunden mit dem API-Schlüssel …us21/)).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1]).value).toEqual({
      isEnabled: true,
      audienceId: 'a1',
      emailFieldId: 'mail',
      firstNameFieldId: 'first',
      lastNameFieldId: null,
      doubleOptIn: true,
      apiKey,
    });
    // The key field is empty again; the audiences now come with the stored key.
    await waitFor(() => expect((screen.getByLabelText(/Neuer API-Schlüssel/) as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(posts(fetch).some(([, init]) => bodyOf(init).apiKey === undefined)).toBe(true));
  });

  it('says when Mailchimp cannot be reached and takes the audience ID by hand', async () => {
    answerMailchimpTab({
      audiences: { isConnected: false, problem: 'unreachable', message: 'Mailchimp could not be reached (ENOTFOUND)' },
    });
    await renderPage(`/en/v1/forms/${formId}/setting/mailchimp`);
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: apiKey } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mailchimp cannot be reached right now. Please try again later.',
    );
    expect(screen.getByLabelText('Audience ID')).toBeTruthy();
  });

  it('lists the subscriptions that failed with Mailchimp’s reason', async () => {
    answerMailchimpTab({
      failures: [
        {
          at: '2027-03-01T09:30:00.000Z',
          channel: 'mailchimp',
          to: 'fake@example.com',
          message: 'Invalid Resource: fake@example.com looks fake or invalid.',
          attempts: 1,
          willRetry: false,
          submissionId: 'd'.repeat(24),
        },
      ],
    });
    await renderPage(`/en/v1/forms/${formId}/setting/mailchimp`);
    expect(await screen.findByText('Mailchimp subscription: fake@example.com')).toBeTruthy();
    expect(screen.getByText(/1 attempt · not retried/)).toBeTruthy();
    expect(screen.getByText('Reason: Invalid Resource: fake@example.com looks fake or invalid.')).toBeTruthy();
  });
});
