import { request as createRequest, expect, test } from '@playwright/test';

test('profile: rename, switch the default language, see and end another session, refuse a wrong password', async ({
  page,
  baseURL,
}) => {
  const email = `profile-${Date.now()}@example.com`;
  const password = 'profile password 42';
  await page.request.post('/api/v1/auth/sign-up', { data: { name: 'Mary Jackson', email, password } });
  await page.request.post('/api/v1/survey', { data: { role: 'it', teamSize: '1' } });
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
