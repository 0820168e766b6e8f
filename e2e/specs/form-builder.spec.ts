import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signUpReady } from '../support/session';

// The author's side of a form: build a two-page form with a condition in the builder, publish it,
// and a respondent in a fresh browser fills it in.

const texts = {
  de: {
    add: (type: string) => `${type} hinzufügen`,
    shortText: 'Kurze Antwort',
    fileUpload: 'Datei-Upload',
    signature: 'Unterschrift',
    signatureSaved: 'Unterschrift gespeichert.',
    signatureAlt: 'Unterschrift für „Sign here“',
    yesNo: 'Ja/Nein',
    number: 'Zahl',
    email: 'E-Mail',
    label: 'Frage / Beschriftung',
    required: 'Pflichtfeld',
    addPage: 'Seite hinzufügen',
    editPage2: 'Seite 2 bearbeiten',
    addCondition: 'Bedingung hinzufügen',
    field: 'Feld',
    operator: 'Vergleich',
    value: 'Wert',
    equals: 'ist gleich',
    no: 'Nein',
    saved: 'Gespeichert',
    publish: 'Veröffentlichen',
    published: 'Veröffentlicht',
    title: 'Titel des Formulars',
    move: (label: string) => `„${label}“ verschieben`,
    edit: (label: string) => new RegExp(`^Bearbeiten: .*? ${label}(\\*| |$)`),
    undo: 'Rückgängig',
    next: 'Weiter',
    submit: 'Absenden',
    yes: 'Ja',
    thanks: 'Vielen Dank!',
    canvas: 'Seiten des Formulars',
    newForm: 'Neues Formular',
    submissionsTab: 'Einsendungen',
    chartsTab: 'Diagramme',
    backToTable: 'Zur Tabelle',
    csv: 'Als CSV exportieren',
    answered: '1 von 1 haben geantwortet',
    separator: ';',
  },
  en: {
    add: (type: string) => `Add ${type}`,
    shortText: 'Short answer',
    fileUpload: 'File upload',
    signature: 'Signature',
    signatureSaved: 'Signature saved.',
    signatureAlt: 'Signature for “Sign here”',
    yesNo: 'Yes/No',
    number: 'Number',
    email: 'Email',
    label: 'Question / label',
    required: 'Required',
    addPage: 'Add page',
    editPage2: 'Edit page 2',
    addCondition: 'Add condition',
    field: 'Field',
    operator: 'Comparison',
    value: 'Value',
    equals: 'equals',
    no: 'No',
    saved: 'Saved',
    publish: 'Publish',
    published: 'Published',
    title: 'Form title',
    move: (label: string) => `Move “${label}”`,
    edit: (label: string) => new RegExp(`^Edit: .*? ${label}(\\*| |$)`),
    undo: 'Undo',
    next: 'Next',
    submit: 'Submit',
    yes: 'Yes',
    thanks: 'Thank you!',
    canvas: 'Pages of the form',
    newForm: 'New form',
    submissionsTab: 'Submissions',
    chartsTab: 'Charts',
    backToTable: 'Back to the table',
    csv: 'Export as CSV',
    answered: '1 of 1 answered',
    separator: ',',
  },
} as const;

async function fieldOrder(page: Page, canvasName: string): Promise<string[]> {
  const canvas = page.getByRole('region', { name: canvasName });
  return canvas.locator('.builder-field__label').allInnerTexts();
}

for (const locale of ['de', 'en'] as const) {
  const t = texts[locale];
  const prefix = locale === 'de' ? '' : '/en';

  test(`in ${locale}, an author builds a two-page form with a condition, publishes it, and a respondent fills it with a file and a signature`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpReady(page.request, 'Grace Hopper', locale);
    await page.goto(`${prefix}/v1/forms`);
    await page.getByRole('button', { name: t.newForm }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/v1/forms/[0-9a-f]{24}$`));
    const created = { id: page.url().split('/').at(-1) as string };

    await page.getByLabel(t.title).fill('Team day');
    // A press on the palette adds the field and opens its settings.
    await page.getByRole('button', { name: t.add(t.shortText) }).click();
    await page.getByLabel(t.label).fill('Name');
    await page.getByLabel(t.required).check();
    await page.getByRole('button', { name: t.add(t.yesNo) }).click();
    await page.getByLabel(t.label).fill('Coming?');
    await page.getByLabel(t.required).check();

    // Dragged from the palette onto the first page, with the mouse.
    const source = page.getByRole('button', { name: t.add(t.email) });
    const target = page.getByRole('button', { name: t.edit('Name') });
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('palette or field not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => fieldOrder(page, t.canvas)).toHaveLength(3);
    await page.getByLabel(t.label).fill('Mail');
    expect(await fieldOrder(page, t.canvas)).toEqual(['Mail', 'Name*', 'Coming?*']);

    // Reordered with the keyboard: pick up with space, one down, drop with space.
    await page.getByRole('button', { name: t.move('Mail') }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('.builder-field--dragging')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    // Screen readers hear where the field is; the drop waits for the move to be taken.
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(/position 2/i);
    await page.keyboard.press('Space');
    await expect.poll(() => fieldOrder(page, t.canvas)).toEqual(['Name*', 'Mail', 'Coming?*']);

    // A file and a signature on the second page.
    await page.getByRole('button', { name: t.addPage }).click();
    await page.getByRole('button', { name: t.add(t.fileUpload) }).click();
    await page.getByLabel(t.label).fill('CV');
    await page.getByRole('button', { name: t.add(t.signature) }).click();
    await page.getByLabel(t.label).fill('Sign here');
    // The second page is skipped when the respondent does not come.
    await page.getByRole('button', { name: t.add(t.number) }).click();
    await page.getByLabel(t.label).fill('Guests');
    await page.getByRole('button', { name: t.editPage2 }).click();
    await page.getByRole('button', { name: t.addCondition }).click();
    await page.getByLabel(t.field, { exact: true }).selectOption({ label: 'Coming?' });
    await page.getByLabel(t.operator).selectOption({ label: t.equals });
    await page.getByLabel(t.value, { exact: true }).selectOption({ label: t.no });

    await expect(page.locator('.ui-save-status')).toHaveText(t.saved, { timeout: 15_000 });
    await page.getByRole('button', { name: t.publish, exact: true }).click();
    await expect(page.locator('.builder-toolbar .ui-badge')).toHaveText(t.published);

    const stored = await (await page.request.get(`/api/v1/forms/${created.id}`)).json();
    expect(stored.definition.pages).toHaveLength(2);
    expect(stored.definition.pages[1].skipWhen.rules[0]).toMatchObject({ operator: 'equals', value: false });

    // A respondent without an account, in a fresh browser.
    const respondent = await browser.newContext({ baseURL: baseURL as string, locale: 'de-AT' });
    const form = await respondent.newPage();
    await form.goto(`${prefix}/form/${created.id}`);
    await expect(form.getByRole('heading', { level: 1 })).toHaveText('Team day');
    await form.getByLabel('Name').fill('Ada');
    await form.getByRole('radio', { name: t.yes }).check();
    await form.getByRole('button', { name: t.next }).click();
    await form.getByLabel('Guests').fill('2');
    await form.getByLabel('CV').setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
    });
    await expect(form.getByText(/^cv\.pdf \(/)).toBeVisible();
    const pad = form.locator('canvas');
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad not laid out');
    await form.mouse.move(box.x + 30, box.y + box.height / 2);
    await form.mouse.down();
    await form.mouse.move(box.x + 120, box.y + 30, { steps: 8 });
    await form.mouse.move(box.x + 220, box.y + box.height - 30, { steps: 8 });
    await form.mouse.up();
    await expect(form.getByText(t.signatureSaved)).toBeVisible();
    // The minimum fill time of the public page (3 s) has passed by the time the author is done.
    await form.waitForTimeout(3000);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('heading', { name: t.thanks })).toBeVisible();
    await respondent.close();

    // Back with the author: the table, the detail, its charts, and the CSV export read back.
    await page
      .getByRole('navigation', { name: locale === 'de' ? 'Formularbereiche' : 'Form sections' })
      .getByRole('link', { name: t.submissionsTab })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'Ada' });
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Mail' })).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/v1/submissions/[0-9a-f]{24}$`));
    // The answers as terms and definitions of the submission's page, not the table that may still be leaving.
    await expect(page.getByRole('definition').filter({ hasText: /^Ada$/ })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Guests/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', /\/api\/v1\/files\/[0-9a-f]{24}$/);
    const signature = page.getByRole('img', { name: t.signatureAlt });
    await expect(signature).toBeVisible();
    // Loaded from the api as the team's file, not a broken image.
    await expect.poll(() => signature.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: t.chartsTab }).click();
    const comingChart = page
      .locator('section, article')
      .filter({ has: page.getByRole('heading', { name: 'Coming?' }) })
      .last();
    await expect(comingChart).toContainText(t.answered);
    await expect(comingChart).toContainText('100');

    await page.goto(`${prefix}/v1/forms/${created.id}/submissions`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: t.csv }).click();
    const download = await downloading;
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, line] = csv.slice(1).trim().split(/\r?\n/);
    expect(header?.split(t.separator).map((cell) => cell.replace(/^"|"$/g, ''))).toEqual(
      expect.arrayContaining(['Name', 'Mail', 'Coming?', 'Guests']),
    );
    expect(line).toContain('Ada');
  });
}
