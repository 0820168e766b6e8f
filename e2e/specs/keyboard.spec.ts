import { expect, test } from '@playwright/test';
import { createPublishedForm, respondentPage } from '../support/forms';
import { signUpReady } from '../support/session';

// What the keyboard alone must reach: the skip link, the phone menu and sign-out in it, a public form
// from the first field to its thank-you page.

test('on a phone, the menu opens and closes by keyboard and leads to sign-out', async ({ page }) => {
  await signUpReady(page.request);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/v1/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulare' })).toBeVisible();

  // The first stop is the skip link, which moves focus past the header to the page itself.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();

  const menuButton = page.getByRole('button', { name: 'Menü' });
  // The navigation waits behind the button, and nothing sticks out of the phone's width.
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the menu, onto its first entry; the current page is marked.
  await expect(page.getByRole('link', { name: 'Formulare' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Formulare' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();

  await page.keyboard.press('Enter');
  const signOut = page.getByRole('link', { name: 'Abmelden' });
  for (let step = 0; step < 12; step += 1) {
    if (await signOut.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
});

test('a respondent fills and sends a public form with the keyboard alone', async ({ page, browser, baseURL }) => {
  await signUpReady(page.request);
  const formId = await createPublishedForm(page.request, {
    title: 'Tastatur',
    language: 'de',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: true },
          { id: 'comes', type: 'yesNo', label: 'Kommst du?', required: true },
        ],
      },
    ],
  });
  const respondent = await respondentPage(browser, baseURL);
  await respondent.setViewportSize({ width: 390, height: 800 });
  await respondent.goto(`/form/${formId}`);
  const name = respondent.getByRole('textbox', { name: /Name/ });
  await expect(name).toBeVisible();
  // The form's minimum fill time (3 s) passes while a person reads it.
  await respondent.waitForTimeout(3100);
  for (let step = 0; step < 10 && !(await name.evaluate((element) => element === document.activeElement)); step += 1) {
    await respondent.keyboard.press('Tab');
  }
  await respondent.keyboard.type('Grace Hopper');
  // To the yes/no choice: Tab reaches the group, Space picks the focused option.
  await respondent.keyboard.press('Tab');
  await respondent.keyboard.press('Space');
  await expect(respondent.getByRole('radio', { name: 'Ja' })).toBeChecked();
  const submit = respondent.getByRole('button', { name: 'Absenden' });
  for (
    let step = 0;
    step < 10 && !(await submit.evaluate((element) => element === document.activeElement));
    step += 1
  ) {
    await respondent.keyboard.press('Tab');
  }
  await respondent.keyboard.press('Enter');
  await expect(respondent.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible({ timeout: 10_000 });
  await respondent.context().close();
});
