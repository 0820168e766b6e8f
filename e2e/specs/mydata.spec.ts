import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createPublishedForm, respondentPage } from '../support/forms';
import { waitForMailLink } from '../support/mailbox';
import { signUpReady, uniqueEmail } from '../support/session';

// A respondent's own data (issue 17, decision 031): the private link on the thank-you and in their mail,
// the page that shows, downloads and erases what they sent, and what the owner learns of it.
const definition = {
  title: 'Vereinsaufnahme',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'email', type: 'email', label: 'E-Mail' },
      ],
    },
  ],
};

test('a respondent finds their answers through the private link, downloads them and erases them', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);
  const email = uniqueEmail('respondent');

  const form = await respondentPage(browser, baseURL);
  await form.setViewportSize({ width: 390, height: 844 });
  await form.goto(`/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Rosa Rückfrage');
  await form.getByLabel(/^E-Mail/).fill(email);
  // A person takes a moment; the api refuses forms sent back within 3 seconds.
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Absenden' }).click();
  const link = form.getByRole('link', { name: 'Ihre Daten ansehen, herunterladen oder löschen' });
  await expect(link).toBeVisible();
  const path = (await link.getAttribute('href')) as string;
  expect(path).toMatch(/^\/mydata\/[A-Za-z0-9_-]{43}$/);
  // The same link reaches the address they gave.
  expect(await waitForMailLink(email, /Ihre Angaben zu „Vereinsaufnahme“/)).toBe(path);

  await link.click();
  await expect(form.getByRole('heading', { name: 'Ihre Antworten' })).toBeVisible();
  await expect(form.getByText('Rosa Rückfrage')).toBeVisible();
  // Nothing is wider than a phone.
  expect(await form.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const [download] = await Promise.all([
    form.waitForEvent('download'),
    form.getByRole('link', { name: 'Als JSON herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^formwerk-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(exported.submission.answers).toMatchObject({ name: 'Rosa Rückfrage', email });

  // The same page in English, on a wide screen.
  await form.setViewportSize({ width: 1280, height: 900 });
  await form.goto(`/en${path}`);
  await expect(form.getByRole('heading', { name: 'Your answers' })).toBeVisible();
  await form.goto(path);

  // By keyboard: the dialog asks first, Escape keeps everything.
  const erase = form.getByRole('button', { name: 'Meine Daten löschen' });
  await erase.focus();
  await form.keyboard.press('Enter');
  const dialog = form.getByRole('dialog', { name: 'Ihre Daten endgültig löschen?' });
  await expect(dialog).toBeVisible();
  await form.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();
  await form.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  const erased = form.getByRole('heading', { name: 'Ihre Daten wurden gelöscht' });
  await expect(erased).toBeFocused();
  await expect(form.getByText('Rosa Rückfrage')).toHaveCount(0);

  // The link stays erased, in both languages.
  await form.reload();
  await expect(erased).toBeVisible();
  await form.goto(`/en${path}`);
  await expect(form.getByRole('heading', { name: 'Your data was erased' })).toBeVisible();
  await form.context().close();

  // The owner learns that a submission was erased, by its number, nothing of it.
  const erasures = await (await page.request.get(`/api/v1/forms/${formId}/erasures`)).json();
  expect(erasures.erasures).toEqual([{ submissionNumber: expect.any(Number), erasedAt: expect.any(String) }]);
  const submissions = await (await page.request.get(`/api/v1/forms/${formId}/submissions`)).json();
  expect(submissions.total).toBe(0);
});

test('an unknown link says it leads to no data, in both languages', async ({ page }) => {
  await page.goto(`/mydata/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Dieser Link führt zu keinen Daten' })).toBeVisible();
  await page.goto(`/en/mydata/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link leads to no data' })).toBeVisible();
});
