import { request as createRequest, expect, test } from '@playwright/test';
import { answerSurvey, csrfHeaders, openVerificationLink, signUp } from '../support/session';

test('profile: rename, switch the default language, see and end another session, refuse a wrong password', async ({
  page,
  baseURL,
}) => {
  const email = `profile-${Date.now()}@example.com`;
  const password = 'profile password 42';
  await page.request.post('/api/v1/auth/sign-up', { data: { name: 'Mary Jackson', email, password } });
  await openVerificationLink(page.request, email);
  await answerSurvey(page.request);
  // A second device signs in.
  const phone = await createRequest.newContext({ baseURL: baseURL as string, userAgent: 'Phone browser' });
  expect((await phone.post('/api/v1/auth/login', { data: { email, password } })).status()).toBe(200);

  await page.goto('/v1/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil');
  const sessions = page.getByRole('region', { name: 'Aktive Sitzungen' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('Phone browser')).toBeVisible();
  await sessions.getByRole('button', { name: 'Abmelden' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await phone.get('/api/v1/auth/session')).status()).toBe(401);
  await phone.dispose();

  await page.getByLabel('Aktuelles Passwort').fill('not my password');
  await page.getByLabel('Neues Passwort (mindestens 10 Zeichen)').fill('another long password');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Das aktuelle Passwort stimmt nicht.');

  await page.getByLabel('Name').fill('Mary W. Jackson');
  await page.getByLabel('Sprache').selectOption('en');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL('/en/v1/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.getByRole('link', { name: 'Mary W. Jackson' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
});

test('when the api has ended the session, the next answer of 401 sends the user to the login dialog', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, 'Dorothy Vaughan');
  await answerSurvey(page.request);
  await page.goto('/en/v1/forms');
  await expect(page.getByRole('link', { name: 'Dorothy Vaughan' })).toBeVisible();
  // Signed out elsewhere: the httpOnly token is revoked, the page still shows the old state.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';
  const elsewhere = await createRequest.newContext({
    baseURL: baseURL as string,
    extraHTTPHeaders: { Cookie: `token=${token}`, ...(await csrfHeaders(page.request)) },
  });
  expect((await elsewhere.post('/api/v1/auth/logout')).status()).toBe(204);
  await elsewhere.dispose();
  // The shell still believes in the session; the profile's first api call learns otherwise.
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'me')).toBe(true);
  await page.goto('/en/v1/profile');
  await expect(page).toHaveURL('/en?redirect=%2Fen%2Fv1%2Fprofile&login=true');
  await expect(page.getByRole('dialog')).toBeVisible();
});
