import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpReady } from '../support/session';

// The saved signature and initials of issue 16 (/v1/signature-template), once per language: a person
// draws a signature with the mouse and saves it, sees it again after a reload, types the initials in a
// handwriting font, and deletes the signature after confirming.
const texts = {
  de: {
    prefix: '',
    title: 'Signaturvorlagen',
    signature: 'Unterschrift',
    initials: 'Paraphe',
    create: 'Erstellen',
    remove: 'Löschen',
    type: 'Tippen',
    pad: /^Unterschriftenfeld/,
    initialsName: 'Ihre Initialen',
    saveSignature: 'Unterschrift speichern',
    saveInitials: 'Paraphe speichern',
    saved: 'Ihre Unterschrift ist gespeichert.',
    initialsSaved: 'Ihre Paraphe ist gespeichert.',
    savedImage: 'Ihre gespeicherte Unterschrift',
    typedImage: 'Ihre gespeicherte Paraphe: „GH“ in Handschrift',
    drawn: /^Gezeichnet, gespeichert am/,
    deleteTitle: 'Ihre Unterschrift löschen?',
    deleted: 'Ihre Unterschrift ist gelöscht.',
    empty: /Noch keine Unterschrift gespeichert/,
  },
  en: {
    prefix: '/en',
    title: 'Signature templates',
    signature: 'Signature',
    initials: 'Initials',
    create: 'Create',
    remove: 'Delete',
    type: 'Type',
    pad: /^Signature pad/,
    initialsName: 'Your initials',
    saveSignature: 'Save signature',
    saveInitials: 'Save initials',
    saved: 'Your signature is saved.',
    initialsSaved: 'Your initials are saved.',
    savedImage: 'Your saved signature',
    typedImage: 'Your saved initials: “GH” in handwriting',
    drawn: /^Drawn, saved/,
    deleteTitle: 'Delete your signature?',
    deleted: 'Your signature is deleted.',
    empty: /No signature saved yet/,
  },
} as const;

/** A few strokes across the pad with the mouse, as a hand would write. */
async function drawOn(page: Page, pad: Locator) {
  // The mouse reaches only what is on the screen: the editor opens below the two cards.
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The pad is not on the screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes = [
    [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.4, 0.35)],
    [at(0.45, 0.6), at(0.6, 0.4), at(0.75, 0.65), at(0.9, 0.45)],
  ];
  for (const stroke of strokes) {
    const [start, ...rest] = stroke;
    if (!start) continue;
    await page.mouse.move(...start);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
}

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`a person saves a drawn signature and typed initials, and deletes the signature (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpReady(page.request, 'Grace Hopper', locale);
    await page.goto(`${text.prefix}/v1/signature-template`);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const signatureCard = page.getByRole('region', { name: text.signature, exact: true });
    await expect(signatureCard.getByText(text.empty)).toBeVisible();

    // Draw with the mouse and save: the card shows the image the api serves.
    await signatureCard.getByRole('button', { name: text.create }).click();
    const pad = page.getByRole('img', { name: text.pad });
    await expect(pad).toBeVisible();
    await drawOn(page, pad);
    await page.getByRole('button', { name: text.saveSignature }).click();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    const image = signatureCard.getByRole('img', { name: text.savedImage });
    await expect(image).toBeVisible();
    await expect(signatureCard.getByText(text.drawn)).toBeVisible();

    // After a reload it is still there, and the browser could load it (a decoded PNG, not a broken image).
    await page.reload();
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(10);

    // The initials, typed in a handwriting font.
    const initialsCard = page.getByRole('region', { name: text.initials, exact: true });
    await initialsCard.getByRole('button', { name: text.create }).click();
    await page.getByRole('tab', { name: text.type }).click();
    await expect(page.getByRole('textbox', { name: text.initialsName })).toHaveValue('GH');
    await page.getByRole('radio', { name: /Great Vibes/ }).check();
    await page.getByRole('button', { name: text.saveInitials }).click();
    await expect(page.getByRole('status').filter({ hasText: text.initialsSaved })).toBeVisible();
    const typed = initialsCard.getByRole('img', { name: text.typedImage });
    await expect(typed).toBeVisible();
    await expect
      .poll(() => typed.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(10);

    // Deleting asks first.
    await signatureCard.getByRole('button', { name: text.remove }).click();
    const dialog = page.getByRole('dialog', { name: text.deleteTitle });
    await dialog.getByRole('button', { name: text.remove }).click();
    await expect(page.getByRole('status').filter({ hasText: text.deleted })).toBeVisible();
    await expect(signatureCard.getByText(text.empty)).toBeVisible();
    await page.reload();
    await expect(signatureCard.getByText(text.empty)).toBeVisible();
    await expect(initialsCard.getByRole('img', { name: text.typedImage })).toBeVisible();
  });

  test(`the editor fits a phone without scrolling sideways (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpReady(page.request, 'Grace Hopper', locale);
    await page.goto(`${text.prefix}/v1/signature-template`);
    await page
      .getByRole('region', { name: text.signature, exact: true })
      .getByRole('button', { name: text.create })
      .click();
    const pad = page.getByRole('img', { name: text.pad });
    await expect(pad).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await pad.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
  });
}
