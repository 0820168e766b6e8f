import { expect, test } from '@playwright/test';
import { createPublishedForm, respondentPage, saveSettingsTab } from '../support/forms';
import { waitForMail, waitForMailLink } from '../support/mailbox';
import { signUpReady, uniqueEmail } from '../support/session';

// The email and mailchimp tabs: set in the app in one language, set off by a respondent on the public
// page in the other.
const definition = {
  title: 'Sommerfest',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'email', type: 'email', label: 'E-Mail', required: true },
        {
          id: 'diet',
          type: 'singleChoice',
          label: 'Essen',
          required: true,
          choices: [
            { id: 'veg', label: 'Vegetarisch' },
            { id: 'meat', label: 'Mit Fleisch' },
          ],
        },
      ],
    },
  ],
};

test('email tab: a confirmation written in German reaches the respondent of the English page, the team is notified', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);

  await page.goto(`/v1/forms/${formId}/setting/email`);
  await page.getByLabel(`Olga Owner (${owner.email})`).check();
  await page.getByLabel('Bestätigungs-E-Mail senden').check();
  await page.getByLabel('E-Mail-Feld der Befragten').selectOption({ label: 'E-Mail' });
  await page.getByLabel('Betreff').fill('Danke, {name}!');
  const body = page.getByLabel('Text', { exact: true });
  await body.fill('Sie haben {diet} gewählt – ');
  await body.press('End');
  await page.getByLabel('Antwort einfügen').selectOption({ label: 'Titel des Formulars' });
  await expect(body).toHaveValue('Sie haben {diet} gewählt – {formTitle}');
  const preview = page.getByRole('region', { name: 'Vorschau mit Beispielantworten' });
  await expect(preview).toContainText('Danke, Beispieltext!');
  await expect(preview).toContainText('Sie haben Vegetarisch gewählt – Sommerfest');
  await saveSettingsTab(page);

  const respondent = uniqueEmail('respondent');
  const form = await respondentPage(browser, baseURL);
  await form.goto(`/en/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Ina');
  await form.getByLabel(/^E-Mail/).fill(respondent);
  await form.getByLabel('Vegetarisch').check();
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Submit' }).click();

  const confirmation = await waitForMail(respondent, /Danke/);
  expect(confirmation.subject).toBe('Danke, Ina!');
  expect(confirmation.text).toContain('Sie haben Vegetarisch gewählt – Sommerfest');

  // The owner's notification links to the submission, which shows the answers.
  const link = await waitForMailLink(owner.email, /Neue Antwort auf „Sommerfest“/);
  expect(link).toMatch(/^\/v1\/submissions\/[0-9a-f]{24}$/);
  await page.goto(link);
  await expect(page.getByText(respondent)).toBeVisible();
});

// The site under test reaches no Mailchimp: its api cannot be given MAILCHIMP_API_BASE_URL here, so
// the subscription itself (requests, auth, body, retries) is tested in the api's tests against a
// local server speaking Mailchimp's API. This covers the tab: connecting says clearly that it failed,
// the settings save with the key kept secret, and a submission's failed subscription shows in the tab.
test('mailchimp tab: set up in English, a German submission’s subscription shows up as failed', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner', 'en');
  const formId = await createPublishedForm(page.request, definition);
  const apiKey = `${'0123456789abcdef'.repeat(2)}-us21`;

  await page.goto(`/en/v1/forms/${formId}/setting/mailchimp`);
  await expect(page.getByText('Not connected yet.')).toBeVisible();
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Connect' }).click();
  // Without a network Mailchimp cannot be reached; with one, it rejects this made-up key.
  await expect(page.getByRole('alert')).toHaveText(/cannot be reached right now|rejected the API key/);

  await page.getByLabel('Audience ID').fill('a1b2c3d4e5');
  await page.getByLabel('Add respondents to Mailchimp').check();
  await page.getByLabel('Email field').selectOption({ label: 'E-Mail' });
  await page.getByLabel('First name from field').selectOption({ label: 'Name' });
  await page.getByLabel('Double opt-in').check();
  await saveSettingsTab(page);
  await expect(page.getByText(/Connected with the API key …us21/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(/Connected with the API key …us21/)).toBeVisible();
  await expect(page.getByLabel(/New API key/)).toHaveValue('');
  await expect(page.getByLabel('Audience ID')).toHaveValue('a1b2c3d4e5');
  await expect(page.getByLabel('Double opt-in')).toBeChecked();
  await expect(page.getByText('Every Mailchimp subscription went through.')).toBeVisible();

  const respondent = uniqueEmail('subscriber');
  const form = await respondentPage(browser, baseURL);
  await form.goto(`/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Ina');
  await form.getByLabel(/^E-Mail/).fill(respondent);
  await form.getByLabel('Vegetarisch').check();
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(form.getByRole('button', { name: 'Absenden' })).toHaveCount(0);

  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText(`Mailchimp subscription: ${respondent}`)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/will be retried/)).toBeVisible();
});
