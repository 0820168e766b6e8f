import type { Locale, LoginError, SignInStep } from '@formwerk/contracts';

/**
 * The home page with the login dialog open (`?login=true`), as the guard opens it, for a sign-in that
 * ended in a redirect without a session: the step still missing or what went wrong, and the page to go to
 * afterwards.
 */
export function loginDialogPath(
  locale: Locale,
  { step, error, redirect }: { step?: SignInStep; error?: LoginError; redirect?: string },
): string {
  const query = new URLSearchParams({ login: 'true' });
  if (step) query.set('loginStep', step);
  if (error) query.set('loginError', error);
  if (redirect) query.set('redirect', redirect);
  return `${locale === 'en' ? '/en' : ''}/?${query}`;
}

/**
 * `value` when it is a path of this site, the rules of the UI's `toSafeRedirect` (packages/platform,
 * navigation guard), which the api cannot import: it starts with one slash, not two, nor a slash and a
 * backslash (both mean another host to a browser); nor may it hold a control character.
 */
export function toSafeRedirectPath(value: string | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return /[\u0000-\u001f\u007f]/.test(value) ? undefined : value;
}
