import { readFile } from 'node:fs/promises';
import { type Locale, notificationTypes } from '@formwerk/contracts';
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

/** The centre's sentences (i18next, `{{name}}` placeholders, `_<outcome>` contexts), as the app shows them. */
async function appSentences(locale: Locale): Promise<Record<string, string>> {
  const file = new URL(`../../../../packages/platform/src/locales/${locale}/platform.json`, import.meta.url);
  return JSON.parse(await readFile(file, 'utf8')).notifications.types;
}
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('the sentences of notifications in mails', () => {
  it.each(['de', 'en'] as const)('read as in the notification centre (%s)', async (locale) => {
    const app = await appSentences(locale);
    for (const type of notificationTypes) {
      if (type === 'requestDecided') {
        for (const outcome of ['approved', 'rejected', 'withdrawn', 'cancelled']) {
          expect(noticeSentence(type, { ...params, outcome }, locale)).toBe(
            fill(app[`${type}_${outcome}`] ?? '', params),
          );
        }
      } else {
        expect(noticeSentence(type, params, locale)).toBe(fill(app[type] ?? '', params));
      }
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
