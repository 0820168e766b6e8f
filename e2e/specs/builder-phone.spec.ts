import { expect, test } from '@playwright/test';
import { createPublishedForm } from '../support/forms';
import { signUpReady } from '../support/session';

// The builder on a phone (issue 14): the form fills the screen; the field types and the settings of
// what is selected are sheets behind the two buttons at the bottom; fields move by their buttons. The
// preview shows the form at a phone's width on a desktop too.

test('on a phone, an author adds a field, names it in its settings sheet and moves it up', async ({ page }) => {
  await signUpReady(page.request, 'Ada Lovelace', 'en');
  const formId = await createPublishedForm(page.request, {
    title: 'Summer party',
    language: 'en',
    pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Your name', required: true }] }],
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/en/v1/forms/${formId}`);

  const addButton = page.getByRole('button', { name: 'Add a field', exact: true });
  const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
  const palette = page.getByRole('complementary', { name: 'Fields' });
  const settings = page.getByRole('complementary', { name: 'Settings' });
  await expect(addButton).toBeVisible();
  await expect(palette).toBeHidden();
  await expect(settings).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await addButton.click();
  await expect(palette).toBeVisible();
  await palette.getByRole('button', { name: 'Add Email' }).click();

  // The palette gives way to the new field's settings, its label focused.
  await expect(palette).toBeHidden();
  await expect(settings).toBeVisible();
  const label = settings.getByLabel('Question / label');
  await expect(label).toBeFocused();
  await label.fill('Work email');
  await settings.getByRole('button', { name: 'Done' }).click();
  await expect(settings).toBeHidden();
  await expect(settingsButton).toBeFocused();

  // The new field comes after the selected one (none: at the end), and moves up by its button.
  const cards = page.getByRole('button', { name: /^Edit: / });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText('Work email');
  await page.getByRole('button', { name: 'Move up' }).click();
  await expect(cards.nth(0)).toContainText('Work email');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The preview on a desktop can show it as a phone would: the form lays itself out by its frame.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/v1/preview/${formId}`);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  const desktopWidth = (await submit.boundingBox())?.width ?? 0;
  await page.getByRole('radio', { name: 'Phone' }).check();
  await expect(page).toHaveURL(/\?view=phone$/);
  await expect.poll(async () => (await page.locator('.fw-form').boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
  // On a phone the form's buttons take the whole row.
  expect((await submit.boundingBox())?.width ?? 0).toBeGreaterThan(desktopWidth);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
});
