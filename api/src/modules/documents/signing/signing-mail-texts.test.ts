import type { Locale } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail, type SigningMailRequest } from '../../mail/mail-messages';

// Every mail of a signing request, in both languages: the recipient's personal link where they have one,
// the sender's documents where the mail is theirs, nothing to open where nothing is left to do.

const publicUrl = 'https://forms.example';
const token = 'A'.repeat(43);
const common = { to: 'eva@example.com', name: 'Eva', title: 'Vertrag <Müller>' };

function mailsIn(locale: Locale): SigningMailRequest[] {
  return [
    {
      ...common,
      kind: 'signing-requested',
      locale,
      senderName: 'Sandra',
      message: 'Bitte bis Freitag.',
      role: 'approver',
      occasion: 'delegated',
      delegatedBy: 'Dora',
      expiresAt: '2026-12-24T12:00:00.000Z',
      token,
    },
    { ...common, kind: 'signing-copy', locale, senderName: 'Sandra', message: null, token },
    { ...common, kind: 'signing-code', locale, code: '042817', validMinutes: 10 },
    {
      ...common,
      kind: 'signing-declined',
      locale,
      by: 'Fritz',
      outcome: 'rejected',
      reason: 'Falsch.',
      isSender: true,
    },
    { ...common, kind: 'signing-cancelled', locale, senderName: 'Sandra' },
    { ...common, kind: 'signing-expired', locale },
    { ...common, kind: 'signing-completed', locale, token },
  ];
}

const linkOf = (text: string) => /https:\/\/\S+/.exec(text)?.[0] ?? null;

describe('signing mails', () => {
  it.each(['de', 'en'] as const)(
    'in %s, link each recipient to their page and the sender to the documents',
    (locale) => {
      const prefix = locale === 'en' ? '/en' : '';
      const links = mailsIn(locale).map((mail) => linkOf(renderMail(mail, publicUrl).text));
      expect(links).toEqual([
        `${publicUrl}${prefix}/form/signed?token=${token}`,
        `${publicUrl}${prefix}/form/signed?token=${token}`,
        null,
        `${publicUrl}${prefix}/v1/documents`,
        null,
        `${publicUrl}${prefix}/v1/documents`,
        `${publicUrl}${prefix}/form/signed?token=${token}`,
      ]);
    },
  );

  it('writes what people typed as text: the title escaped in the HTML, the code and reason as sent', () => {
    const [requested, , code, declined] = mailsIn('en').map((mail) => renderMail(mail, publicUrl));
    expect(requested?.subject).toBe('Please approve: Vertrag <Müller>');
    expect(requested?.text).toContain('Dora handed “Vertrag <Müller>” from Sandra on to you');
    expect(requested?.text).toContain('12/24/2026, 12:00 PM UTC');
    expect(requested?.html).toContain('Vertrag &#60;Müller&#62;');
    expect(requested?.html).not.toContain('<Müller>');
    expect(code?.text).toContain('Your confirmation code: 042817');
    expect(declined?.subject).toBe('Not approved: Vertrag <Müller>');
    expect(declined?.text).toContain('Falsch.');
  });
});
