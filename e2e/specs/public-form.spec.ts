import { expect, test } from '@playwright/test';
import { createPublishedForm } from '../support/forms';
import { signUpReady } from '../support/session';

// The page most people ever see: /form/{id}, filled without an account in a fresh browser.
const definition = {
  title: 'Sommerfest 2026',
  description: 'Bitte meldet euch bis Freitag an.',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'comes', type: 'yesNo', label: 'Kommst du?', required: true },
        { id: 'source', type: 'hidden', label: 'Quelle', queryParam: 'source' },
      ],
    },
    {
      id: 'p2',
      title: 'Details',
      skipWhen: { combinator: 'and', rules: [{ fieldId: 'comes', operator: 'equals', value: false }] },
      fields: [{ id: 'guests', type: 'number', label: 'Begleitpersonen', required: true, min: 0, max: 4, decimals: 0 }],
    },
  ],
};

for (const { locale, prefix, texts } of [
  {
    locale: 'de',
    prefix: '',
    texts: {
      next: 'Weiter',
      submit: 'Absenden',
      yes: 'Ja',
      required: 'Bitte füllen Sie dieses Feld aus.',
      tooLarge: 'Höchstens 4.',
      thanks: 'Vielen Dank!',
      progress: 'Seite 2 von 2',
      other: 'English',
      welcomeBack: 'Willkommen zurück!',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    texts: {
      next: 'Next',
      submit: 'Submit',
      yes: 'Yes',
      required: 'Please fill in this field.',
      tooLarge: 'At most 4.',
      thanks: 'Thank you!',
      progress: 'Page 2 of 2',
      other: 'Deutsch',
      welcomeBack: 'Welcome back!',
    },
  },
] as const) {
  test(`in ${locale}: a respondent fills a two-page form with a condition and sends it once`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUpReady(page.request, 'Olga Owner');
    const formId = await createPublishedForm(page.request, definition);

    const respondent = await browser.newContext({ baseURL: baseURL as string, javaScriptEnabled: false });
    const withoutScript = await respondent.newPage();
    // Readable before any script runs: the server renders the first page.
    const response = await withoutScript.goto(`${prefix}/form/${formId}`);
    expect(response?.status()).toBe(200);
    await expect(withoutScript.getByRole('heading', { level: 1 })).toHaveText('Sommerfest 2026');
    await expect(withoutScript.getByLabel(/^Name/)).toBeVisible();
    // Styled by the stylesheet inlined in the page, which its Content-Security-Policy allows by hash.
    await expect(withoutScript.getByRole('main')).toHaveCSS('border-radius', '14px');
    await respondent.close();

    const fresh = await browser.newContext({ baseURL: baseURL as string, viewport: { width: 390, height: 844 } });
    const form = await fresh.newPage();
    const submissions: number[] = [];
    form.on('response', (answer) => {
      if (answer.url().endsWith('/submissions')) submissions.push(answer.status());
    });
    await form.goto(`${prefix}/form/${formId}?source=newsletter`);
    // The link keeps the query; to German it says so, since /form/{id} may follow the browser's language.
    await expect(form.getByRole('link', { name: texts.other })).toHaveAttribute(
      'href',
      prefix ? `/form/${formId}?source=newsletter&lang=de` : `/en/form/${formId}?source=newsletter`,
    );
    await form.getByRole('button', { name: texts.next }).click();
    await expect(form.getByText(texts.required)).toHaveCount(2);
    await form.getByLabel(/^Name/).fill('Grete');
    await form.getByLabel(texts.yes).check();
    await form.getByRole('button', { name: texts.next }).click();
    await expect(form.getByText(texts.progress)).toBeVisible();
    await form.getByLabel(/^Begleitpersonen/).fill('7');
    // A reload (or a return on this device) resumes where the respondent was, answers filled in again.
    await form.reload();
    await expect(form.getByRole('status').filter({ hasText: texts.welcomeBack })).toBeVisible();
    await expect(form.getByText(texts.progress)).toBeVisible();
    await expect(form.getByLabel(/^Begleitpersonen/)).toHaveValue('7');
    await form.getByRole('button', { name: texts.submit }).click();
    await expect(form.getByText(texts.tooLarge)).toBeVisible();
    await form.getByLabel(/^Begleitpersonen/).fill('2');
    // A person takes a moment; the api refuses forms sent back within 3 seconds.
    await form.waitForTimeout(3000);
    await form.getByRole('button', { name: texts.submit }).dblclick();
    await expect(form.getByRole('heading', { name: texts.thanks })).toBeVisible();
    expect(submissions.filter((status) => status === 201)).toHaveLength(1);
    // Sent: nothing of it stays on the device.
    await expect
      .poll(() => form.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('formwerk:answers:'))))
      .toEqual([]);
    await fresh.close();
  });
}

test('an unknown or unpublished form shows a clear page with status 404 in both languages', async ({ page }) => {
  const response = await page.goto('/form/000000000000000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dieses Formular ist nicht verfügbar');
  await page.goto('/en/form/not-a-form');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This form is not available');
});

test('answers the api asks to wait for stay on the page and are sent by themselves after Retry-After', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);
  const fresh = await browser.newContext({ baseURL: baseURL as string });
  const form = await fresh.newPage();
  // The first send meets a full limit (as a class behind one address might); later ones go through.
  let isFirst = true;
  await form.route('**/submissions', async (route) => {
    if (!isFirst) return route.continue();
    isFirst = false;
    await route.fulfill({
      status: 429,
      headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts, please wait' } }),
    });
  });
  await form.goto(`/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Grete');
  await form.getByLabel('Nein').check();
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(form.getByRole('status')).toContainText('in etwa 2 Sekunden von selbst gesendet');
  await expect(form.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible({ timeout: 10_000 });
  const stored = await (await page.request.get(`/api/v1/forms/${formId}/submissions`)).json();
  expect(stored.submissions.map((submission: { answers: { name: string } }) => submission.answers.name)).toEqual([
    'Grete',
  ]);
  await fresh.close();
});
