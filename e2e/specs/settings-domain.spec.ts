import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { chromium, expect, type Page, test } from '@playwright/test';
import { buyPlan } from '../support/billing';
import { createPublishedForm, respondentPage, saveSettingsTab } from '../support/forms';
import { signUpReady } from '../support/session';

// The domain tab proves a domain by a DNS TXT record, which the api resolves through the DNS server of
// the test run (scripts/test.mjs): a spec publishes a record by writing a file into DNS_DIR. Then a
// browser that resolves the domain to this machine opens the form at its home page. And the form tab's
// page language decides the language of /form/{id} for respondents.
const definition = {
  title: 'Anmeldung',
  language: 'de',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
};

const pageLanguages = {
  form: 'Sprache des Formulars',
  en: 'Englisch',
  browser: 'Sprache des Browsers der Befragten',
} as const;

/** Sets the public page's language on the form tab, in the German app. */
async function setPageLanguage(page: Page, formId: string, pageLanguage: keyof typeof pageLanguages) {
  await page.goto(`/v1/forms/${formId}/setting/form`);
  await page.getByLabel('Sprache der öffentlichen Seite').selectOption({ label: pageLanguages[pageLanguage] });
  await saveSettingsTab(page);
}

function publishTxtRecord(name: string, value: string) {
  const directory = process.env.DNS_DIR;
  if (!directory) throw new Error('DNS_DIR is not set: run the browser tests through `npm test`');
  writeFileSync(join(directory, name), `${value}\n`);
}

test('domain tab: a domain entered in German gets its TXT record; missing, it is reported in both languages; published, the domain shows the form', async ({
  page,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  // Custom domains come with Pro and Business.
  await buyPlan(page.request, 'pro-month');
  const formId = await createPublishedForm(page.request, definition);
  // Domains are unique across all teams; .example is reserved, so no other DNS knows it.
  const hostname = `anmeldung-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.kunde.example`;

  await page.goto(`/v1/forms/${formId}/setting/domain`);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigene Domain' })).toBeVisible();
  await page.getByLabel('Domain', { exact: true }).fill(hostname.toUpperCase());
  await page.getByRole('button', { name: 'Domain hinzufügen' }).click();

  await expect(page.getByRole('heading', { level: 2, name: hostname })).toBeVisible();
  await expect(page.getByText('Nicht bestätigt')).toBeVisible();
  await expect(page.getByLabel('Name des TXT-Eintrags')).toHaveValue(`_formwerk.${hostname}`);
  await expect(page.getByLabel('Wert des TXT-Eintrags')).toHaveValue(/^formwerk-verification=[\w-]{24}$/);

  await page.getByRole('button', { name: 'Jetzt prüfen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Unter _formwerk.${hostname} wurde kein TXT-Eintrag gefunden.` }),
  ).toBeVisible();

  await page.goto(`/en/v1/forms/${formId}/setting/domain`);
  await expect(page.getByText('Not verified')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: `No TXT record was found at _formwerk.${hostname}.` }),
  ).toBeVisible();

  // An unverified domain shows no form: the public lookup knows nothing of it.
  expect((await page.request.get(`/api/v1/public/domains/${hostname}`)).status()).toBe(404);

  publishTxtRecord(`_formwerk.${hostname}`, await page.getByLabel('TXT record value').inputValue());
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByText('The domain is verified.')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // A respondent's browser that finds the domain at this machine, as DNS would send it to the site.
  const port = new URL(baseURL as string).port;
  const respondentBrowser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${hostname} 127.0.0.1`],
  });
  try {
    const respondent = await (await respondentBrowser.newContext({ locale: 'de-AT' })).newPage();
    const home = await respondent.goto(`http://${hostname}:${port}/`);
    expect(home?.status()).toBe(200);
    await expect(respondent.getByRole('heading', { level: 1 })).toHaveText('Anmeldung');
    await respondent.getByLabel(/^Name/).fill('Ina vom Kunden');
    await respondent.waitForTimeout(3000);
    await respondent.getByRole('button', { name: 'Absenden' }).click();
    await expect(respondent.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
    expect(await respondent.context().cookies()).toEqual([]);
    // The same home page in English, by the language link.
    await respondent.goto(`http://${hostname}:${port}/`);
    await respondent.getByRole('link', { name: 'English' }).click();
    await expect(respondent.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(new URL(respondent.url()).hostname).toBe(hostname);
    // Nothing but the form lives there: no app page, no other api.
    expect((await respondent.goto(`http://${hostname}:${port}/v1/forms`))?.status()).toBe(404);
    expect((await respondent.goto(`http://${hostname}:${port}/api/v1/forms`))?.status()).toBe(404);
  } finally {
    await respondentBrowser.close();
  }
  const submissions = await (await page.request.get(`/api/v1/forms/${formId}/submissions`)).json();
  expect(submissions.submissions[0].answers.name).toBe('Ina vom Kunden');
});

test('page language: English set in the German app opens /form/{id} in English, with a link to German that works', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);
  await setPageLanguage(page, formId, 'en');

  const form = await respondentPage(browser, baseURL, 'de-AT');
  await form.goto(`/form/${formId}`);
  await expect(form.locator('html')).toHaveAttribute('lang', 'en');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();

  await form.getByRole('link', { name: 'Deutsch' }).click();
  await expect(form.getByRole('button', { name: 'Absenden' })).toBeVisible();
  await expect(form.locator('html')).toHaveAttribute('lang', 'de');
  await form.getByRole('link', { name: 'English' }).click();
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();
});

test('page language: the browser’s follows Accept-Language, German when it names neither', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);
  await setPageLanguage(page, formId, 'browser');

  const english = await respondentPage(browser, baseURL, 'en-US');
  await english.goto(`/form/${formId}`);
  await expect(english.getByRole('button', { name: 'Submit' })).toBeVisible();

  const french = await respondentPage(browser, baseURL, 'fr-FR');
  await french.goto(`/form/${formId}`);
  await expect(french.getByRole('button', { name: 'Absenden' })).toBeVisible();

  // The form's own language again: the page is German whatever the browser asks for.
  await setPageLanguage(page, formId, 'form');
  await english.goto(`/form/${formId}`);
  await expect(english.getByRole('button', { name: 'Absenden' })).toBeVisible();
  await english.goto(`/en/form/${formId}`);
  await expect(english.getByRole('button', { name: 'Submit' })).toBeVisible();
});
