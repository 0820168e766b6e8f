import { expect, type Locator, type Page, test } from '@playwright/test';
import { makePdf } from '../support/pdf-files';
import { signUpReady } from '../support/session';

// Signature templates of issue 16, once per language: a team owner makes a template of an uploaded PDF,
// names two roles, places a signature and a text field by keyboard alone and a date by dragging it onto
// the second page, saves, and after a reload finds every field where it was; a save from a second
// window meanwhile makes the first one's save a conflict, explained, resolved by loading the stored one.
const texts = {
  de: {
    prefix: '',
    emptyTitle: 'Noch keine Vorlagen',
    newTemplate: 'Neue Vorlage',
    upload: 'PDF hochladen',
    file: 'PDF-Datei',
    templateName: 'Name der Vorlage',
    create: 'Vorlage anlegen',
    fields: 'Felder',
    settings: 'Einstellungen',
    roles: 'Rollen',
    addRole: 'Rolle hinzufügen',
    roleName: (marker: number) => `Name der Rolle ${marker}`,
    roleNames: ['Mieter/in', 'Vermieter/in'],
    newFieldsFor: 'Neue Felder für',
    addField: 'Feld hinzufügen',
    kinds: { signature: 'Unterschrift', text: 'Text', date: 'Datum' },
    role: 'Rolle',
    pageList: (page: number, count: number) => `Seite ${page} · ${count} ${count === 1 ? 'Feld' : 'Felder'}`,
    pageGroup: (page: number) => `Seite ${page} von 2`,
    field: (kind: string, role: string, marker: number, page: number) =>
      new RegExp(`^${kind} für ${role.replace('/', '\\/')} \\(Rolle ${marker}\\), Seite ${page} von 2`),
    save: 'Speichern',
    saved: 'Gespeichert',
    conflict: 'Diese Vorlage wurde inzwischen woanders gespeichert',
    loadStored: 'Gespeicherte Fassung laden',
    placing: /an die das Feld „Datum“ soll/,
    back: 'Alle Vorlagen',
    count: (count: number) => (count === 1 ? '1 Vorlage' : `${count} Vorlagen`),
  },
  en: {
    prefix: '/en',
    emptyTitle: 'No templates yet',
    newTemplate: 'New template',
    upload: 'Upload a PDF',
    file: 'PDF file',
    templateName: 'Name of the template',
    create: 'Create template',
    fields: 'Fields',
    settings: 'Settings',
    roles: 'Roles',
    addRole: 'Add role',
    roleName: (marker: number) => `Name of role ${marker}`,
    roleNames: ['Tenant', 'Landlord'],
    newFieldsFor: 'New fields for',
    addField: 'Add field',
    kinds: { signature: 'Signature', text: 'Text', date: 'Date' },
    role: 'Role',
    pageList: (page: number, count: number) => `Page ${page} · ${count} ${count === 1 ? 'field' : 'fields'}`,
    pageGroup: (page: number) => `Page ${page} of 2`,
    field: (kind: string, role: string, marker: number, page: number) =>
      new RegExp(`^${kind} for ${role} \\(role ${marker}\\), page ${page} of 2`),
    save: 'Save',
    saved: 'Saved',
    conflict: 'This template was saved elsewhere in the meantime',
    loadStored: 'Load the saved version',
    placing: /where on the page the field “Date” goes/,
    back: 'All templates',
    count: (count: number) => (count === 1 ? '1 template' : `${count} templates`),
  },
} as const;

type Text = (typeof texts)[keyof typeof texts];

/** Where a field sits on its page, as the editor draws it: shares of the page as CSS percentages. */
const placeOf = (field: Locator) =>
  field.evaluate((element: HTMLElement) => [
    element.style.left,
    element.style.top,
    element.style.width,
    element.style.height,
  ]);

/** Makes a template of a two-page PDF uploaded in the "New template" dialog; the editor opens with it. */
async function createTemplate(page: Page, text: Text, name: string) {
  await page.goto(`${text.prefix}/v1/documents/templates`);
  await expect(page.getByRole('heading', { name: text.emptyTitle })).toBeVisible();
  await page.getByRole('button', { name: text.newTemplate }).first().click();
  const dialog = page.getByRole('dialog', { name: text.newTemplate });
  // The library is empty: the dialog starts at the upload.
  await expect(dialog.getByRole('radio', { name: text.upload })).toBeChecked();
  await dialog.getByLabel(text.file).setInputFiles({
    name: `${name}.pdf`,
    mimeType: 'application/pdf',
    buffer: makePdf([`${name} Seite 1`, `${name} Seite 2`]),
  });
  await expect(dialog.getByLabel(text.templateName)).toHaveValue(name);
  await dialog.getByRole('button', { name: text.create }).click();
  await expect(page).toHaveURL(/[?&]template=[0-9a-f]{24}/, { timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: text.templateName })).toHaveValue(name);
  await expect(page.locator('.templates-page canvas').first()).toBeVisible({ timeout: 20_000 });
}

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];
  const [firstRole, secondRole] = text.roleNames;

  test(`a team owner places signature fields on a PDF and keeps them where they were put (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpReady(page.request, 'Olga Owner', locale);
    await createTemplate(page, text, 'Mietvertrag');

    // Two roles, named.
    const roles = page.getByRole('region', { name: text.roles });
    await roles.getByLabel(text.roleName(1)).fill(firstRole);
    await roles.getByRole('button', { name: text.addRole }).click();
    await roles.getByLabel(text.roleName(2)).fill(secondRole);

    // By keyboard alone: choose the kind, "Add field" puts it in the middle of the page in view, focused;
    // the arrow keys move it (Shift: further).
    const palette = page.getByRole('complementary', { name: text.fields });
    await palette.getByRole('button', { name: text.kinds.signature, exact: true }).focus();
    await page.keyboard.press('Enter');
    await palette.getByRole('button', { name: text.addField, exact: true }).focus();
    await page.keyboard.press('Enter');
    const signature = page.getByRole('button', { name: text.field(text.kinds.signature, firstRole, 1, 1) });
    await expect(signature).toBeFocused();
    const [leftBefore, topBefore] = (await placeOf(signature)).map((value) => Number.parseFloat(value ?? ''));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    const [leftAfter, topAfter] = (await placeOf(signature)).map((value) => Number.parseFloat(value ?? ''));
    expect(leftAfter).toBeCloseTo((leftBefore ?? 0) + 0.5, 5);
    expect(topAfter).toBeCloseTo((topBefore ?? 0) + 5, 5);

    // A text field for the second role, chosen before adding it.
    await palette.getByLabel(text.newFieldsFor).selectOption({ label: `2 · ${secondRole}` });
    await palette.getByRole('button', { name: text.kinds.text, exact: true }).focus();
    await page.keyboard.press('Enter');
    await palette.getByRole('button', { name: text.addField, exact: true }).focus();
    await page.keyboard.press('Enter');
    const textField = page.getByRole('button', { name: text.field(text.kinds.text, secondRole, 2, 1) });
    await expect(textField).toBeFocused();
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+ArrowUp');

    // The signature goes to the second role in its settings.
    await signature.focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('complementary', { name: text.settings });
    await expect(settings.getByLabel(text.role, { exact: true })).toBeVisible();
    await settings.getByLabel(text.role, { exact: true }).selectOption({ label: `2 · ${secondRole}` });
    const secondSignature = page.getByRole('button', { name: text.field(text.kinds.signature, secondRole, 2, 1) });
    await expect(secondSignature).toBeVisible();

    // By pointer: a date dragged from the palette onto the middle of page 2.
    await palette.getByLabel(text.newFieldsFor).selectOption({ label: `1 · ${firstRole}` });
    await palette.getByRole('button', { name: text.pageList(2, 0) }).click();
    const secondPage = page.getByRole('group', { name: text.pageGroup(2) });
    await expect(secondPage.locator('canvas')).toBeVisible({ timeout: 20_000 });
    const source = await palette.getByRole('button', { name: text.kinds.date, exact: true }).boundingBox();
    const target = await secondPage.boundingBox();
    const frame = await page.locator('.templates-frame').boundingBox();
    if (!source || !target || !frame) throw new Error('The palette or the page is not laid out');
    // The middle of the part of page 2 in view (a page may be taller than its frame).
    const dropX = target.x + target.width / 2;
    const dropY = (Math.max(target.y, frame.y) + Math.min(target.y + target.height, frame.y + frame.height)) / 2;
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + source.width / 2 + 20, source.y + source.height / 2, { steps: 4 });
    await page.mouse.move(dropX, dropY, { steps: 15 });
    await page.mouse.up();
    const date = page.getByRole('button', { name: text.field(text.kinds.date, firstRole, 1, 2) });
    await expect(date).toBeVisible();
    const [dateLeft, dateTop, dateWidth, dateHeight] = (await placeOf(date)).map((value) =>
      Number.parseFloat(value ?? ''),
    );
    // Centred where it was dropped, in shares of the page, give or take the grip on the palette's button.
    expect(Math.abs((dateLeft ?? 0) + (dateWidth ?? 0) / 2 - ((dropX - target.x) / target.width) * 100)).toBeLessThan(
      5,
    );
    expect(Math.abs((dateTop ?? 0) + (dateHeight ?? 0) / 2 - ((dropY - target.y) / target.height) * 100)).toBeLessThan(
      5,
    );

    const placed = {
      signature: await placeOf(secondSignature),
      text: await placeOf(textField),
      date: await placeOf(date),
    };
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${text.saved}$`) })).toBeVisible();

    // After a reload every field is where it was put, with its role.
    await page.reload();
    await expect(page.getByRole('textbox', { name: text.templateName })).toHaveValue('Mietvertrag');
    await expect(page.getByRole('region', { name: text.roles }).getByLabel(text.roleName(2))).toHaveValue(secondRole);
    expect(
      await placeOf(page.getByRole('button', { name: text.field(text.kinds.signature, secondRole, 2, 1) })),
    ).toEqual(placed.signature);
    expect(await placeOf(page.getByRole('button', { name: text.field(text.kinds.text, secondRole, 2, 1) }))).toEqual(
      placed.text,
    );
    expect(await placeOf(page.getByRole('button', { name: text.field(text.kinds.date, firstRole, 1, 2) }))).toEqual(
      placed.date,
    );

    // A second window saves first; this one's save, from the older revision, is a conflict, explained.
    const second = await page.context().newPage();
    await second.goto(page.url());
    const secondName = second.getByRole('textbox', { name: text.templateName });
    await expect(secondName).toHaveValue('Mietvertrag');
    await secondName.fill('Mietvertrag 2027');
    await second.getByRole('button', { name: text.save, exact: true }).click();
    await expect(second.getByRole('status').filter({ hasText: new RegExp(`^${text.saved}$`) })).toBeVisible();
    await second.close();

    await page.getByRole('textbox', { name: text.templateName }).fill('Mietvertrag (alt)');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    const conflict = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: text.conflict }) });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: text.loadStored }).click();
    await expect(page.getByRole('textbox', { name: text.templateName })).toHaveValue('Mietvertrag 2027');
    await expect(conflict).toBeHidden();

    await page.getByRole('link', { name: text.back }).click();
    await expect(page.getByRole('table', { name: text.count(1) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mietvertrag 2027', exact: true })).toBeVisible();
  });
}

test('on a phone, a field is placed by choosing its kind and tapping the page', async ({ page }) => {
  test.setTimeout(90_000);
  const text = texts.en;
  await signUpReady(page.request, 'Paula Phone', 'en');
  await page.setViewportSize({ width: 390, height: 800 });
  await createTemplate(page, text, 'Lease');

  const palette = page.getByRole('complementary', { name: text.fields });
  await expect(palette).toBeHidden();
  await page.getByRole('button', { name: text.fields, exact: true }).click();
  await expect(palette).toBeVisible();
  await palette.getByRole('button', { name: text.kinds.date, exact: true }).click();
  await expect(palette).toBeHidden();
  await expect(page.getByText(text.placing)).toBeVisible();

  // A tap near the top of the first page, which is in view.
  await page.getByRole('group', { name: text.pageGroup(1) }).click({ position: { x: 100, y: 120 } });
  await expect(page.getByRole('button', { name: text.field(text.kinds.date, 'Signer 1', 1, 1) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: text.settings, exact: true }).click();
  const settings = page.getByRole('complementary', { name: text.settings });
  await expect(settings.getByRole('heading', { name: 'Field: Date' })).toBeVisible();
});
