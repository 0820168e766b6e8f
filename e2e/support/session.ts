import type { APIRequestContext } from '@playwright/test';
import { waitForMailLink } from './mailbox';

function randomPrivateAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** An address no other test uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
}

export const testPassword = 'e2e password 1234';

/**
 * A real account through the api: sign-up, then the link of the verification mail (read from the
 * mailbox of `npm test`), which signs in; its cookies land in the context the requests belong to.
 */
export async function signUp(
  api: APIRequestContext,
  name = 'Ada Lovelace',
  locale: 'de' | 'en' = 'de',
  email = uniqueEmail(),
) {
  const response = await api.post('/api/v1/auth/sign-up', {
    data: { name, email, password: testPassword, locale },
    // Each account signs up from an address of its own, as real people do (see scripts/test.mjs).
    headers: { 'X-Forwarded-For': randomPrivateAddress() },
  });
  if (response.status() !== 202) throw new Error(`Sign-up answered ${response.status()}`);
  await openVerificationLink(api, email, locale);
  return { email };
}

/** Opens the link of the verification mail to `email` in `api`'s context, which signs it in. */
export async function openVerificationLink(api: APIRequestContext, email: string, locale: 'de' | 'en' = 'de') {
  const link = await waitForMailLink(email, verificationSubject[locale]);
  const opened = await api.get(link, { maxRedirects: 0 });
  if (opened.status() !== 303) throw new Error(`The verification link answered ${opened.status()}`);
}

export const verificationSubject = { de: /E-Mail-Adresse/, en: /confirm your email/ } as const;

/** Invites `email` into the current team of the signed-in `api` context. */
export async function invite(api: APIRequestContext, email: string, role: 'admin' | 'member' = 'member') {
  const response = await api.post('/api/v1/team/invitations', {
    data: { email, role },
    headers: await csrfHeaders(api),
  });
  if (response.status() !== 201) throw new Error(`The invitation answered ${response.status()}`);
}

export async function acceptInvitation(api: APIRequestContext, invitePath: string) {
  const token = new URL(invitePath, 'http://localhost').searchParams.get('token');
  const response = await api.post('/api/v1/invitations/accept', { data: { token }, headers: await csrfHeaders(api) });
  if (response.status() !== 200) throw new Error(`Accepting the invitation answered ${response.status()}`);
}

/** The header a page of the site sends with every change: the session's CSRF token from its cookie. */
export async function csrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const token = cookies.find((cookie) => cookie.name === 'csrf')?.value;
  return token ? { 'X-CSRF-Token': decodeURIComponent(token) } : {};
}

export async function answerSurvey(api: APIRequestContext) {
  const response = await api.post('/api/v1/survey', {
    data: { role: 'it', teamSize: '1' },
    headers: await csrfHeaders(api),
  });
  if (response.status() !== 200) throw new Error(`The survey answered ${response.status()}`);
}

/** A real account that has answered the survey, ready for every /v1 page. */
export async function signUpReady(
  api: APIRequestContext,
  name = 'Ada Lovelace',
  locale: 'de' | 'en' = 'de',
  email = uniqueEmail(),
) {
  const account = await signUp(api, name, locale, email);
  await answerSurvey(api);
  return account;
}
