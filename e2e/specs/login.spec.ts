import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';

for (const { locale, prefix, texts } of [
  {
    locale: 'de',
    prefix: '',
    texts: {
      toSignUp: 'Noch kein Konto? Jetzt registrieren',
      name: 'Name',
      email: 'E-Mail-Adresse',
      password: 'Passwort',
      create: 'Konto erstellen',
      verifySubject: /E-Mail-Adresse/,
      signIn: 'Anmelden',
      wrong: 'E-Mail-Adresse oder Passwort stimmt nicht.',
      logout: 'Abmelden',
      role: 'Personalabteilung',
      continue: 'Weiter zur Übersicht',
      home: 'Guten Tag, Katherine!',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    texts: {
      toSignUp: 'No account yet? Sign up',
      name: 'Name',
      email: 'Email address',
      password: 'Password',
      create: 'Create account',
      verifySubject: /confirm your email/,
      signIn: 'Sign in',
      wrong: 'The email address or password is wrong.',
      logout: 'Sign out',
      role: 'Human resources',
      continue: 'Continue to the overview',
      home: 'Hello, Katherine!',
    },
  },
] as const) {
  test(`in ${locale}: a guest signs up, answers the survey, signs out, and signs in again`, async ({ page }) => {
    const email = `ui-${locale}-${Date.now()}@example.com`;
    await page.goto(`${prefix}/v1/forms`);
    await expect(page).toHaveURL(`${prefix}?redirect=${encodeURIComponent(`${prefix}/v1/forms`)}&login=true`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: texts.toSignUp }).click();
    await dialog.getByLabel(texts.name).fill('Katherine Johnson');
    await dialog.getByLabel(texts.email).fill(email);
    await dialog.getByLabel(texts.password).fill('orbital mechanics 1962');
    await dialog.getByRole('button', { name: texts.create }).click();
    // The link of the verification mail signs in; a new account still owes the onboarding survey
    // (product-spec §4).
    await expect(dialog).toContainText(email);
    await page.goto(await waitForMailLink(email, texts.verifySubject));
    await expect(page).toHaveURL(`${prefix}/v1/survey?verified=true`);
    await expect(page.getByText('Katherine Johnson')).toBeVisible();
    await page.getByLabel(texts.role).check();
    await page.getByRole('button', { name: texts.continue }).click();
    await expect(page).toHaveURL(`${prefix}/v1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.home);

    await page.getByRole('link', { name: texts.logout }).click();
    await expect(page).toHaveURL(prefix || '/');
    await page.goto(`${prefix}/v1/documents`);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel(texts.email).fill(email);
    await dialog.getByLabel(texts.password).fill('not the password');
    await dialog.getByRole('button', { name: texts.signIn, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(texts.wrong);

    await dialog.getByLabel(texts.password).fill('orbital mechanics 1962');
    await dialog.getByRole('button', { name: texts.signIn, exact: true }).click();
    // Back to the page the guard stopped, the survey being done.
    await expect(page).toHaveURL(`${prefix}/v1/documents`);
  });
}

test('Escape closes the login dialog and removes it from the address', async ({ page }) => {
  await page.goto('/?login=true&redirect=%2Fv1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL('/');
});
