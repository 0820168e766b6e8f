import { formDefinitionSchema } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const definition = formDefinitionSchema.parse({
  title: 'Sommerfest',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        { id: 'mail', type: 'email', label: 'E-Mail' },
        { id: 'member', type: 'yesNo', label: 'Mitglied?' },
      ],
    },
  ],
});
const team = {
  teamId: 7,
  name: 'Orga',
  role: 'owner',
  members: [
    { userId: 'a'.repeat(24), name: 'Olga Owner', email: 'olga@example.com', role: 'owner' },
    { userId: 'b'.repeat(24), name: 'Mia Member', email: 'mia@example.com', role: 'member' },
  ],
  invitations: [],
};
const groups = { groups: [{ id: 'c'.repeat(24), name: 'Küche', memberCount: 2 }] };
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

function answerEmailTab({ failures = [] as unknown[] } = {}) {
  return answerApi((url, init) => {
    if (init?.method === 'PUT') {
      const saved = defaultSettings(5);
      saved.settings.email = bodyOf(init).value;
      return [200, saved];
    }
    if (url.endsWith('/settings')) return [200, defaultSettings()];
    if (url.endsWith('/team')) return [200, team];
    if (url.endsWith('/team/groups')) return [200, groups];
    if (url.includes('/notifications/failures?kind=mail')) return [200, { failures }];
    return [200, { ...form, definition }];
  });
}

describe('the email tab', () => {
  it('saves the chosen members and groups and a confirmation with an answer inserted at the cursor', async () => {
    const fetch = answerEmailTab();
    await renderPage(`/v1/forms/${formId}/setting/email`);

    fireEvent.click(await screen.findByLabelText('Mia Member (mia@example.com)'));
    fireEvent.click(screen.getByLabelText('Küche (2 Mitglieder)'));
    fireEvent.click(screen.getByLabelText('Bestätigungs-E-Mail senden'));
    fireEvent.change(screen.getByLabelText('E-Mail-Feld der Befragten'), { target: { value: 'mail' } });
    fireEvent.change(screen.getByLabelText('Betreff'), { target: { value: 'Danke für {formTitle}' } });
    const body = screen.getByLabelText('Text') as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Hallo , bis bald' } });
    fireEvent.focus(body);
    body.setSelectionRange(6, 6);
    fireEvent.change(screen.getByLabelText('Antwort einfügen'), { target: { value: 'name' } });
    expect(body.value).toBe('Hallo {name}, bis bald');

    // The preview fills the placeholders with examples, in the form's language.
    const preview = screen.getByRole('region', { name: 'Vorschau mit Beispielantworten' });
    expect(preview.textContent).toContain('Danke für Sommerfest');
    expect(preview.textContent).toContain('Hallo Beispieltext, bis bald');

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Gespeichert/)).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe(`/api/v1/forms/${formId}/settings/email`);
    expect(bodyOf(put?.[1]).value).toEqual({
      notify: { userIds: ['b'.repeat(24)], groupIds: ['c'.repeat(24)] },
      confirmation: {
        isEnabled: true,
        emailFieldId: 'mail',
        subject: 'Danke für {formTitle}',
        body: 'Hallo {name}, bis bald',
      },
    });
  });

  it('previews our standard text while the owner wrote none, and yes/no in the form’s language', async () => {
    answerEmailTab();
    await renderPage(`/en/v1/forms/${formId}/setting/email`);
    fireEvent.click(await screen.findByLabelText('Send a confirmation email'));
    const preview = screen.getByRole('region', { name: 'Preview with example answers' });
    expect(preview.textContent).toContain('Ihre Antwort auf „Sommerfest“');
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Member: {member}' } });
    expect(preview.textContent).toContain('Member: Ja');
  });

  it('lists the mails that did not go through, with the reason and whether they are retried', async () => {
    answerEmailTab({
      failures: [
        {
          at: '2027-03-01T09:30:00.000Z',
          channel: 'confirmationMail',
          to: 'ina@example.com',
          message: 'connect ECONNREFUSED 127.0.0.1:25',
          attempts: 2,
          willRetry: true,
          submissionId: 'd'.repeat(24),
        },
      ],
    });
    await renderPage(`/en/v1/forms/${formId}/setting/email`);
    expect(await screen.findByText('Confirmation: ina@example.com')).toBeTruthy();
    expect(screen.getByText(/2 attempts · will be retried/)).toBeTruthy();
    expect(screen.getByText('Reason: connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
  });

  it('shows the api’s objection at the email field', async () => {
    answerApi((url, init) => {
      if (init?.method === 'PUT') {
        const issue = { path: ['confirmation', 'emailFieldId'], code: 'required', message: 'x' };
        return [400, { error: { code: 'VALIDATION_FAILED', message: 'x', details: { issues: [issue] } } }];
      }
      if (url.endsWith('/settings')) return [200, defaultSettings()];
      if (url.endsWith('/team')) return [200, team];
      if (url.endsWith('/team/groups')) return [200, { groups: [] }];
      if (url.includes('/failures')) return [200, { failures: [] }];
      return [200, { ...form, definition }];
    });
    await renderPage(`/v1/forms/${formId}/setting/email`);
    expect(await screen.findByText('Ihr Team hat noch keine Gruppen.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Bestätigungs-E-Mail senden'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByText(/Bitte wählen Sie das E-Mail-Feld/)).toBeTruthy());
  });
});
