import type { Locale } from '@formwerk/contracts';

/** What a module asks to mail; the link is built when the mail is sent, from the site's public URL. */
export type MailRequest =
  | { kind: 'verify-email'; to: string; locale: Locale; name: string; token: string }
  | { kind: 'reset-password'; to: string; locale: Locale; name: string; token: string }
  /** A sign-up with an address that has an account; it carries a reset link. */
  | { kind: 'account-exists'; to: string; locale: Locale; name: string; token: string }
  | {
      kind: 'invitation';
      to: string;
      locale: Locale;
      inviterName: string;
      teamName: string;
      token: string;
    }
  /** Many failed sign-ins to the account in a short time; it points to choosing a new password. */
  | { kind: 'login-failures'; to: string; locale: Locale; name: string; failures: number };

export type RenderedMail = { subject: string; text: string; html: string };

const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

function linkOf(request: MailRequest, publicUrl: string): string {
  switch (request.kind) {
    // Through the api, which verifies and then redirects to the right page for a guest or a member.
    case 'verify-email':
      return `${publicUrl}/api/v1/auth/verify?token=${encodeURIComponent(request.token)}&locale=${request.locale}`;
    case 'reset-password':
    case 'account-exists':
      return `${publicUrl}${localePrefix(request.locale)}/reset?token=${encodeURIComponent(request.token)}`;
    case 'invitation':
      return `${publicUrl}${localePrefix(request.locale)}/invite?token=${encodeURIComponent(request.token)}`;
    case 'login-failures':
      return `${publicUrl}${localePrefix(request.locale)}/forgot-password`;
  }
}

type Texts = { subject: string; greeting: string; lines: string[]; action: string; footer: string };

function textsOf(request: MailRequest): Texts {
  const isGerman = request.locale === 'de';
  switch (request.kind) {
    case 'verify-email':
      return isGerman
        ? {
            subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
            greeting: `Hallo ${request.name},`,
            lines: [
              'willkommen bei Formwerk! Bitte bestätigen Sie Ihre E-Mail-Adresse; der Link meldet Sie danach gleich an.',
            ],
            action: 'E-Mail-Adresse bestätigen',
            footer: 'Der Link ist 7 Tage gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: 'Please confirm your email address',
            greeting: `Hello ${request.name},`,
            lines: ['welcome to Formwerk! Please confirm your email address; the link then signs you in.'],
            action: 'Confirm email address',
            footer: 'The link is valid for 7 days. If you did not sign up, ignore this email.',
          };
    case 'reset-password':
      return isGerman
        ? {
            subject: 'Passwort zurücksetzen',
            greeting: `Hallo ${request.name},`,
            lines: ['jemand hat ein neues Passwort für Ihr Konto angefordert.'],
            action: 'Neues Passwort festlegen',
            footer:
              'Der Link ist eine Stunde gültig und nur einmal verwendbar. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
          }
        : {
            subject: 'Reset your password',
            greeting: `Hello ${request.name},`,
            lines: ['someone asked for a new password for your account.'],
            action: 'Choose a new password',
            footer:
              'The link is valid for one hour and works once. If this was not you, ignore this email; your password stays as it is.',
          };
    case 'account-exists':
      return isGerman
        ? {
            subject: 'Sie haben bereits ein Konto bei Formwerk',
            greeting: `Hallo ${request.name},`,
            lines: [
              'jemand wollte gerade mit Ihrer E-Mail-Adresse ein neues Konto anlegen. Zu dieser Adresse gibt es schon Ihr Konto; es bleibt unverändert.',
              'Waren Sie das, melden Sie sich einfach an. Kennen Sie Ihr Passwort nicht mehr, legen Sie hier ein neues fest.',
            ],
            action: 'Neues Passwort festlegen',
            footer:
              'Der Link ist eine Stunde gültig und nur einmal verwendbar. Waren Sie es nicht, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: 'You already have a Formwerk account',
            greeting: `Hello ${request.name},`,
            lines: [
              'someone just tried to create a new account with your email address. Your account already uses this address and stays as it is.',
              'If it was you, simply sign in. If you no longer know your password, choose a new one here.',
            ],
            action: 'Choose a new password',
            footer: 'The link is valid for one hour and works once. If this was not you, ignore this email.',
          };
    case 'invitation':
      return isGerman
        ? {
            subject: `Einladung zum Team „${request.teamName}“`,
            greeting: 'Hallo,',
            lines: [`${request.inviterName} lädt Sie in das Team „${request.teamName}“ bei Formwerk ein.`],
            action: 'Einladung annehmen',
            footer: 'Die Einladung ist 7 Tage gültig.',
          }
        : {
            subject: `Invitation to the team “${request.teamName}”`,
            greeting: 'Hello,',
            lines: [`${request.inviterName} invites you to the team “${request.teamName}” on Formwerk.`],
            action: 'Accept the invitation',
            footer: 'The invitation is valid for 7 days.',
          };
    case 'login-failures':
      return isGerman
        ? {
            subject: 'Viele fehlgeschlagene Anmeldungen bei Ihrem Konto',
            greeting: `Hallo ${request.name},`,
            lines: [
              `in den letzten Minuten wurde ${request.failures}-mal versucht, sich mit einem falschen Passwort bei Ihrem Konto anzumelden.`,
              'Waren Sie das nicht, wählen Sie bitte ein neues, starkes Passwort. Ihr Konto bleibt für Sie nutzbar; weitere Versuche werden verlangsamt.',
            ],
            action: 'Neues Passwort wählen',
            footer: 'Waren Sie es selbst, können Sie diese E-Mail ignorieren.',
          }
        : {
            subject: 'Many failed sign-ins to your account',
            greeting: `Hello ${request.name},`,
            lines: [
              `in the last few minutes, someone tried ${request.failures} times to sign in to your account with a wrong password.`,
              'If this was not you, please choose a new, strong password. Your account stays usable for you; further attempts are slowed down.',
            ],
            action: 'Choose a new password',
            footer: 'If it was you, you can ignore this email.',
          };
  }
}

// Names and team names are typed by users: they go into the HTML only escaped.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A mail's simple HTML: its paragraphs (line breaks kept), at most one button and a small footer, every
 * text escaped.
 */
export function mailHtml({
  locale,
  paragraphs,
  action,
  footer,
}: {
  locale: string;
  paragraphs: string[];
  action?: { label: string; url: string } | undefined;
  footer?: string | undefined;
}): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;` +
      `background:#4f46e5;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const small = footer ? `<p style="color:#6b7280;font-size:13px">${escapeHtml(footer)}</p>` : '';
  return (
    `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">` +
    `${body}${button}${small}</body></html>`
  );
}

/** The mail in the recipient's language, as plain text and as simple HTML with one button. */
export function renderMail(request: MailRequest, publicUrl: string): RenderedMail {
  const texts = textsOf(request);
  const link = linkOf(request, publicUrl);
  const text = [texts.greeting, '', ...texts.lines, '', `${texts.action}: ${link}`, '', texts.footer, ''].join('\n');
  const html = mailHtml({
    locale: request.locale,
    paragraphs: [texts.greeting, ...texts.lines],
    action: { label: texts.action, url: link },
    footer: texts.footer,
  });
  return { subject: texts.subject, text, html };
}
