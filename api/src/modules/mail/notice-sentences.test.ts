import { notificationTypes } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-messages';
import { noticeSentence } from './notice-sentences';

const params = {
  workflowName: 'Urlaub',
  stepLabel: 'Teamleitung',
  formTitle: 'Urlaubsantrag',
  actor: 'Olga',
  submissionNumber: '7',
};

describe('the sentences of notifications in mails', () => {
  it("are the notification centre's, filled in, in either language", () => {
    expect(noticeSentence('taskAssigned', params, 'de')).toBe('Neue Aufgabe: „Teamleitung“ in Urlaub');
    expect(noticeSentence('submissionReceived', params, 'en')).toBe('New response #7 to “Urlaubsantrag”');
  });

  it('say how a request was decided, and only "decided" for an outcome they do not know', () => {
    expect(noticeSentence('requestDecided', { ...params, outcome: 'rejected' }, 'de')).toBe(
      'Abgelehnt: Urlaub für Urlaubsantrag',
    );
    expect(noticeSentence('requestDecided', { ...params, outcome: 'approved' }, 'en')).toBe(
      'Approved: Urlaub for Urlaubsantrag',
    );
    expect(noticeSentence('requestDecided', { ...params, outcome: 'lost' }, 'en')).toBe(
      'Decided: Urlaub for Urlaubsantrag',
    );
  });

  it.each(['de', 'en'] as const)('exist for every type and stay on one line (%s)', (locale) => {
    for (const type of notificationTypes) {
      const sentence = noticeSentence(type, { ...params, stepLabel: 'Team\r\n  leitung' }, locale);
      expect(sentence).not.toBe('');
      expect(sentence).not.toMatch(/[\r\n{}]/);
    }
  });
});

describe('the digest mail', () => {
  it('lists each notification as a link, escaped, and counts those it leaves out', () => {
    const mail = renderMail(
      {
        kind: 'notification-digest',
        to: 'ann@example.com',
        locale: 'en',
        name: 'Ann',
        items: [
          { type: 'taskAssigned', params: { ...params, stepLabel: '<b>Boss</b>' }, path: '/v1/approve/abc' },
          { type: 'requestDecided', params: { ...params, outcome: 'approved' }, path: null },
        ],
        moreCount: 3,
      },
      'https://forms.example',
    );
    expect(mail.subject).toBe('Your daily digest: 5 notifications');
    expect(mail.text).toContain('– New task: “<b>Boss</b>” in Urlaub\n  https://forms.example/en/v1/approve/abc');
    expect(mail.text).toContain('– Approved: Urlaub for Urlaubsantrag');
    expect(mail.text).toContain('… and 3 more in your notifications');
    expect(mail.text).toContain('Open all notifications: https://forms.example/en/v1/notifications');
    expect(mail.html).toContain('<a href="https://forms.example/en/v1/approve/abc"');
    expect(mail.html).toContain('&#60;b&#62;Boss&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>');
  });
});

describe('the mail to a team’s owners and admins', () => {
  it('for a full storage, says what respondents meet and leads to the storage page', () => {
    const mail = renderMail(
      {
        kind: 'billing-notice',
        to: 'olga@example.com',
        locale: 'de',
        name: 'Olga',
        type: 'storageFull',
        params: { teamName: 'Praxis Nord', formTitle: 'Anamnese' },
      },
      'https://forms.example',
    );
    expect(mail.subject).toBe(
      'Praxis Nord: Der Speicher Ihres Tarifs ist voll – „Anamnese“ und Ihre anderen Formulare nehmen keine Dateien von Antwortenden an, bis Sie Dateien löschen oder den Tarif wechseln',
    );
    expect(mail.text).toContain('Löschen Sie auf der Seite Speicher Dateien');
    expect(mail.text).toContain('Speicher öffnen: https://forms.example/v1/storage');
  });
});
