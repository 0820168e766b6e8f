import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../support/pdf-files';
import { csrfHeaders, signUpReady } from '../support/session';

// The storage page of issue 17, once per language: a team owner with a PDF in the library and one
// attached to a form sees them against the Free plan, largest first with where they belong, deletes
// the library's after confirming, and sees its storage given back; the form's document counts as well.
const texts = {
  de: {
    prefix: '',
    title: 'Speicher',
    meter: 'Belegter Speicher',
    largest: 'Größte Dateien',
    library: 'Dokumentbibliothek',
    formDocuments: 'Dokumente von „Anmeldung“',
    remove: (name: string) => `Löschen: ${name}`,
    dialog: 'Datei löschen?',
    confirm: 'Löschen',
    removed: (name: string) => `„${name}“ ist gelöscht.`,
    documents: 'Dokumente, Vorlagen und signierte Kopien',
    counted: 'Alles hier zählt zum Speicher Ihres Plans',
  },
  en: {
    prefix: '/en',
    title: 'Storage',
    meter: 'Storage used',
    largest: 'Largest files',
    library: 'Document library',
    formDocuments: 'Documents of “Anmeldung”',
    remove: (name: string) => `Delete: ${name}`,
    dialog: 'Delete file?',
    confirm: 'Delete',
    removed: (name: string) => `“${name}” was deleted.`,
    documents: 'Documents, templates and signed copies',
    counted: "Everything here counts towards your plan's storage",
  },
} as const;

async function upload(page: Page, path: string, name: string, body: Buffer) {
  const response = await page.request.post(path, {
    headers: { ...(await csrfHeaders(page.request)), 'Content-Type': 'application/pdf', 'X-File-Name': name },
    data: body,
  });
  expect(response.status()).toBe(201);
}

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`a team owner sees and cleans up the team's storage (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signUpReady(page.request, 'Olga Owner', locale);
    const headers = await csrfHeaders(page.request);
    const form = await (await page.request.post('/api/v1/forms', { data: { title: 'Anmeldung' }, headers })).json();
    await upload(page, '/api/v1/documents', 'Vertrag.pdf', makePdf(['Vertrag Seite 1', 'Vertrag Seite 2']));
    await upload(page, `/api/v1/forms/${form.id}/documents`, 'Merkblatt.pdf', makePdf(['Merkblatt']));

    await page.goto(`${text.prefix}/v1/storage`);
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('meter', { name: text.meter })).toBeVisible();
    const documents = page.getByRole('listitem').filter({ hasText: text.documents });
    await expect(documents).not.toContainText(`${text.documents}0 kB`);

    const table = page.getByRole('table', { name: text.largest });
    await expect(table.getByRole('link', { name: text.library })).toBeVisible();
    await expect(table.getByRole('link', { name: text.formDocuments })).toHaveAttribute(
      'href',
      `${text.prefix}/v1/forms/${form.id}/documents`,
    );

    await page.getByRole('button', { name: text.remove('Vertrag.pdf') }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.removed('Vertrag.pdf') })).toBeVisible();
    await expect(table.getByText('Vertrag.pdf')).toHaveCount(0);
    // The library's bytes are given back to the team's storage; the form's document still counts.
    await expect(documents).toContainText(`${text.documents}0 kB`);
    await expect(page.getByText(text.counted)).toBeVisible();
    await expect(page.getByRole('meter', { name: text.meter })).not.toHaveAttribute('aria-valuetext', /^0 kB/);
    await expect(table.getByText('Merkblatt.pdf')).toBeVisible();

    // On a phone each file is a card, its delete within reach, and nothing widens the page.
    await page.setViewportSize({ width: 390, height: 844 });
    const remove = page.getByRole('button', { name: text.remove('Merkblatt.pdf') });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
