import { expect, test } from '@playwright/test';
import { createPublishedForm, respondentPage, saveSettingsTab } from '../support/forms';
import { signUpReady } from '../support/session';

// Settings tabs take effect on the public page at once: each is changed in the app in one language
// and seen by a respondent (a fresh browser without session) in the other.
const definition = {
  title: 'Anmeldung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'member', type: 'yesNo', label: 'Mitglied?', required: true },
        { id: 'number', type: 'shortText', label: 'Mitgliedsnummer', required: true },
      ],
    },
  ],
};

test('form and error tabs: title, theme and one question per screen set in German show on the English page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);

  await page.goto(`/v1/forms/${formId}/setting/form`);
  await expect(page.getByRole('heading', { level: 1, name: 'Formular' })).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill('Anmeldung 2027');
  await page.getByLabel('Akzentfarbe').fill('#aa0000');
  await page.getByLabel('Eine Frage pro Bildschirm').check();
  // The preview follows the draft before it is saved.
  await expect(page.getByRole('heading', { level: 2, name: 'Anmeldung 2027' })).toBeVisible();
  await saveSettingsTab(page);

  await page.goto(`/v1/forms/${formId}/setting/error`);
  const requiredRow = page.getByRole('row', { name: /Pflichtfeld leer/ });
  await requiredRow.getByRole('textbox', { name: /Englisch/ }).fill('Please tell us, friend.');
  await saveSettingsTab(page);

  const form = await respondentPage(browser, baseURL);
  await form.goto(`/en/form/${formId}`);
  await expect(form.getByRole('heading', { level: 1 })).toHaveText('Anmeldung 2027');
  await expect(form.getByText('Question 1 of 3')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toHaveCSS('background-color', 'rgb(170, 0, 0)');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Please tell us, friend.')).toBeVisible();
  await form.getByLabel(/^Name/).fill('Ina');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Question 2 of 3')).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveCount(0);
});

test('condition and thank-you tabs set in English change the German page', async ({ page, browser, baseURL }) => {
  await signUpReady(page.request, 'Olga Owner', 'en');
  const formId = await createPublishedForm(page.request, definition);

  await page.goto(`/en/v1/forms/${formId}/setting/condition`);
  await page.getByRole('button', { name: 'Create a new rule' }).click();
  const rule = page.getByRole('listitem').filter({ hasText: 'Rule 1' });
  await rule.getByLabel('Field', { exact: true }).first().selectOption({ label: 'Mitglied?' });
  await rule.getByLabel('Comparison').selectOption('equals');
  await rule.getByLabel('Value').selectOption('true');
  await rule.getByLabel('Then').selectOption('show');
  await rule.getByLabel('Field', { exact: true }).last().selectOption({ label: 'Mitgliedsnummer' });
  await saveSettingsTab(page);

  await page.goto(`/en/v1/forms/${formId}/setting/thankyou`);
  await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Danke, {name}!');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Wir melden uns.');
  await saveSettingsTab(page);

  const form = await respondentPage(browser, baseURL);
  await form.goto(`/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Ina');
  await expect(form.getByLabel(/^Mitgliedsnummer/)).toHaveCount(0);
  await form.getByLabel('Ja').check();
  await expect(form.getByLabel(/^Mitgliedsnummer/)).toBeVisible();
  await form.getByLabel('Nein').check();
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(form.getByRole('heading', { name: 'Danke, Ina!' })).toBeVisible();
  await expect(form.getByText('Wir melden uns.')).toBeVisible();
});

test('scheduling tab: a form closed in German says so in English and takes no answers', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);

  const form = await respondentPage(browser, baseURL);
  await form.goto(`/en/form/${formId}`);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();

  await page.goto(`/v1/forms/${formId}/setting/scheduling`);
  await page.getByLabel('Geschlossen ab').fill('2020-01-01T12:00');
  await page.getByLabel('Hinweis, solange das Formular nicht geöffnet ist').fill('Registration has ended.');
  await saveSettingsTab(page);

  // A respondent who opened the page before sees it refused on sending.
  await form.getByLabel(/^Name/).fill('Ina');
  await form.getByLabel('No').check();
  await form.getByLabel(/^Mitgliedsnummer/).fill('7');
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('heading', { name: 'This form is closed' })).toBeVisible();

  await form.goto(`/en/form/${formId}`);
  await expect(form.getByRole('heading', { name: 'This form is closed' })).toBeVisible();
  await expect(form.getByText('Registration has ended.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});
