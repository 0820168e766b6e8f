import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createPublishedForm, respondentPage, saveSettingsTab } from '../support/forms';
import { signUpReady } from '../support/session';

// The quiz and reference tabs, set up in the German app, act on the English public page: the
// respondent learns their score and reference number, and the owner finds both in the table.
const definition = {
  title: 'Erdkunde-Quiz',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'capital',
          type: 'singleChoice',
          label: 'Hauptstadt',
          required: true,
          choices: [
            { id: 'berlin', label: 'Berlin' },
            { id: 'bonn', label: 'Bonn' },
          ],
        },
        {
          id: 'rivers',
          type: 'multipleChoice',
          label: 'Flüsse',
          choices: [
            { id: 'rhine', label: 'Rhein' },
            { id: 'elbe', label: 'Elbe' },
            { id: 'alps', label: 'Alpen' },
          ],
        },
      ],
    },
  ],
};

// References carry the year in the form's time zone (Europe/Berlin unless the scheduling tab says otherwise).
const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date());

test('quiz answers and a reference prefix set in German score and number an English submission', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);

  await page.goto(`/v1/forms/${formId}/setting/quiz`);
  await page.getByLabel('Dieses Formular ist ein Quiz').check();
  await page.getByRole('group', { name: 'Hauptstadt' }).getByLabel('Berlin').check();
  const rivers = page.getByRole('group', { name: 'Flüsse' });
  await rivers.getByLabel('Rhein').check();
  await rivers.getByLabel('Elbe').check();
  await rivers.getByLabel('Punkte').fill('2');
  await expect(page.getByText('Erreichbar: 3 Punkte')).toBeVisible();
  await saveSettingsTab(page);

  await page.goto(`/v1/forms/${formId}/setting/reference`);
  await page.getByLabel('Einsendungen nummerieren').check();
  await page.getByLabel('Präfix').fill('HR-');
  await expect(page.getByRole('status', { name: 'So sieht eine Nummer aus' })).toHaveText(`HR-${year}-00001`);
  await saveSettingsTab(page);

  // Capital wrong, rivers right: 2 of 3 points.
  const form = await respondentPage(browser, baseURL);
  await form.goto(`/en/form/${formId}`);
  await form.getByLabel(/^Name/).fill('Ina');
  await form.getByLabel('Bonn').check();
  await form.getByLabel('Rhein').check();
  await form.getByLabel('Elbe').check();
  await form.waitForTimeout(3000);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(new RegExp(`HR-${year}-00001`))).toBeVisible();
  await expect(form.getByText(/\b2\b\D+\b3\b/)).toBeVisible();

  // A second respondent, straight through the api: capital right only, 1 of 3 points.
  // The api's signed start token: a person needs at least 3 s from it to the answers.
  const { startToken } = await (await form.request.get(`/api/v1/public/forms/${formId}`)).json();
  await form.waitForTimeout(3100);
  const second = await form.request.post(`/api/v1/public/forms/${formId}/submissions`, {
    data: { answers: { name: 'Jan', capital: 'berlin', rivers: ['rhine'] }, idempotencyKey: randomUUID(), startToken },
  });
  expect((await second.json()).reference).toBe(`HR-${year}-00002`);

  await page.goto(`/v1/forms/${formId}/submissions`);
  await expect(page.getByRole('columnheader', { name: 'Punkte' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Referenznummer' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ina' })).toContainText(`HR-${year}-00001`);
  await expect(page.getByRole('row').filter({ hasText: 'Ina' })).toContainText('2 / 3');
  await expect(page.getByRole('row').filter({ hasText: 'Jan' })).toContainText('1 / 3');

  await page.getByRole('searchbox', { name: 'Referenznummer suchen' }).fill('00002');
  await expect(page.getByRole('row').filter({ hasText: 'Ina' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `HR-${year}-00002` })).toContainText('Jan');
  await expect(page.getByRole('heading', { name: '1 Einsendung' })).toBeVisible();
});
