import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { uniqueEmail, verificationSubject } from '../support/session';

// Issue 18: a guest opens the demo from the home page, builds and fills a form without an account
// (kept in the browser, nothing sent), signs up, and finds that form as the team's first.

test('a guest builds and fills a form in the demo, signs up, and keeps it as the first form', async ({ page }) => {
  const email = uniqueEmail('demo');
  // The shell may ask who is signed in; nothing of the form may reach the api.
  const formCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/forms')) formCalls.push(request.url());
  });

  await page.goto('/');
  await page.getByRole('link', { name: 'Ohne Konto ausprobieren' }).click();
  await expect(page).toHaveURL('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formular ausprobieren');
  const title = page.getByLabel('Titel des Formulars');
  await title.fill('Sommerfest 2027');
  await page.getByRole('button', { name: 'E-Mail hinzufügen' }).click();
  await expect(page.getByText('Im Browser gespeichert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Veröffentlichen' })).toBeDisabled();
  await expect(page.getByText('Mit Konto verfügbar')).toBeVisible();

  // A reload keeps the draft: it lives in the browser.
  await page.reload();
  await expect(page.getByLabel('Titel des Formulars')).toHaveValue('Sommerfest 2027');

  await page.getByRole('button', { name: 'Ausfüllen' }).click();
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel(/Ihr Name/).fill('Ada');
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByRole('heading', { name: 'Das würde gespeichert' })).toBeVisible();
  await expect(page.locator('.form-demo__answers')).toContainText('Ada');
  // Building, saving and filling sent nothing to the api.
  expect(formCalls).toEqual([]);

  await page.getByRole('link', { name: 'Konto anlegen und Formular behalten' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByLabel('Passwort').fill('analytical engine 1843');
  await dialog.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(dialog).toContainText(email);

  // The mail's link signs in, in the same browser; the survey comes first, then the home.
  await page.goto(await waitForMailLink(email, verificationSubject.de));
  await expect(page).toHaveURL('/v1/survey?verified=true');
  await page.getByLabel('Personalabteilung').check();
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click();

  await expect(page.getByText('Ihr Demo-Formular wurde übernommen.')).toBeVisible();
  await expect(page).toHaveURL(/\/v1\/forms\/[0-9a-f]{24}$/);
  await expect(page.getByLabel('Titel des Formulars')).toHaveValue('Sommerfest 2027');
  const formPath = new URL(page.url()).pathname;

  // Kept once: the draft is gone from the browser, a reload of the home makes no second form.
  expect(await page.evaluate(() => localStorage.getItem('formwerk:demo-form:v1'))).toBeNull();
  await page.goto('/v1/forms');
  await expect(page.getByRole('link', { name: 'Sommerfest 2027' })).toHaveCount(1);
  const list = await (await page.request.get('/api/v1/forms')).json();
  expect(list.total).toBe(1);
  expect(`/v1/forms/${list.forms[0].id}`).toBe(formPath);
});

test('the demo in English, at a phone’s width, builds with the phone bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/en');
  await page.getByRole('link', { name: 'Try it without an account' }).click();
  await expect(page).toHaveURL('/en/demo');
  await page.getByRole('button', { name: 'Add a field' }).click();
  await page.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByLabel('Question / label')).toBeFocused();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Saved in this browser')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
