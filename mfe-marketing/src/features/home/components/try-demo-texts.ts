import type { Locale } from '@formwerk/platform';

// Kept beside the home page until they join `home.*` of the marketing namespace (locales/*/marketing.json),
// which another change was editing at the same time (issue 18).
export const tryDemoTexts: Record<Locale, { link: string; hint: string }> = {
  de: { link: 'Ohne Konto ausprobieren', hint: 'Formular bauen und ausfüllen – ganz ohne Anmeldung.' },
  en: { link: 'Try it without an account', hint: 'Build and fill in a form – no sign-up needed.' },
};
