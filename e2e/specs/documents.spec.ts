import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../support/pdf-files';
import { signUpReady } from '../support/session';

// The document library of issue 16, once per language: a team owner uploads two PDFs, finds one by
// searching, renames the other, files the first in a new folder, previews and downloads it, deletes
// the second, and sees a text file named .pdf refused in words.
const texts = {
  de: {
    prefix: '',
    emptyTitle: 'Noch keine Dokumente',
    upload: 'PDFs hochladen',
    uploaded: (name: string) => `„${name}“ ist hochgeladen.`,
    count: (count: number) => (count === 1 ? '1 Dokument' : `${count} Dokumente`),
    search: 'Suchen',
    rename: (name: string) => `Umbenennen „${name}“`,
    renameConfirm: 'Umbenennen',
    name: 'Name',
    newFolder: 'Neuer Ordner',
    create: 'Anlegen',
    move: (name: string) => `Verschieben „${name}“`,
    moveTo: 'In den Ordner',
    moveConfirm: 'Verschieben',
    moved: (name: string, folder: string) => `„${name}“ liegt jetzt in „${folder}“.`,
    nextPage: 'Nächste Seite',
    pageOf: (page: number, count: number) => `Seite ${page} von ${count}`,
    download: (name: string) => `Herunterladen „${name}“`,
    remove: (name: string) => `Löschen „${name}“`,
    removeConfirm: 'Endgültig löschen',
    removed: (name: string) => `„${name}“ ist gelöscht.`,
    notPdf: /„Notizen\.pdf“ ist keine (lesbare )?PDF-Datei/,
  },
  en: {
    prefix: '/en',
    emptyTitle: 'No documents yet',
    upload: 'Upload PDFs',
    uploaded: (name: string) => `“${name}” is uploaded.`,
    count: (count: number) => (count === 1 ? '1 document' : `${count} documents`),
    search: 'Search',
    rename: (name: string) => `Rename “${name}”`,
    renameConfirm: 'Rename',
    name: 'Name',
    newFolder: 'New folder',
    create: 'Create',
    move: (name: string) => `Move “${name}”`,
    moveTo: 'To the folder',
    moveConfirm: 'Move',
    moved: (name: string, folder: string) => `“${name}” is now in “${folder}”.`,
    nextPage: 'Next page',
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    download: (name: string) => `Download “${name}”`,
    remove: (name: string) => `Delete “${name}”`,
    removeConfirm: 'Delete for good',
    removed: (name: string) => `“${name}” was deleted.`,
    notPdf: /“Notizen\.pdf” is not a (readable )?PDF/,
  },
} as const;

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** Chooses files with the page's upload button, through the browser's file chooser. */
async function chooseFiles(page: Page, uploadLabel: string, files: UploadFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: uploadLabel }).first().click();
  await (await chooser).setFiles(files);
}

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`a team owner keeps PDFs in the document library (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signUpReady(page.request, 'Olga Owner', locale);
    const lease = makePdf(['Mietvertrag Seite 1', 'Mietvertrag Seite 2', 'Mietvertrag Seite 3']);
    const offer = makePdf(['Angebot']);

    await page.goto(`${text.prefix}/v1/documents`);
    await expect(page.getByRole('heading', { name: text.emptyTitle })).toBeVisible();

    // Two PDFs at once; each is listed with its page count.
    await chooseFiles(page, text.upload, [
      { name: 'Mietvertrag.pdf', mimeType: 'application/pdf', buffer: lease },
      { name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: offer },
    ]);
    await expect(page.getByText(text.uploaded('Angebot.pdf'))).toBeVisible({ timeout: 20_000 });
    const table = page.getByRole('table', { name: text.count(2) });
    await expect(table).toBeVisible();
    const row = (name: string) =>
      table.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
    await expect(row('Mietvertrag.pdf').getByRole('cell').nth(1)).toHaveText('3');
    await expect(row('Angebot.pdf').getByRole('cell').nth(1)).toHaveText('1');

    // Search: the address keeps it, the list shows the match alone.
    await page.getByRole('searchbox', { name: text.search }).fill('miet');
    await expect(page).toHaveURL(/[?&]q=miet/);
    await expect(page.getByRole('table', { name: text.count(1) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Angebot.pdf', exact: true })).toHaveCount(0);
    await page.getByRole('searchbox', { name: text.search }).fill('');
    await expect(page.getByRole('table', { name: text.count(2) })).toBeVisible();

    // Rename the offer.
    await page.getByRole('button', { name: text.rename('Angebot.pdf') }).click();
    const renameDialog = page.getByRole('dialog');
    await renameDialog.getByLabel(text.name).fill('Angebot 2027.pdf');
    await renameDialog.getByRole('button', { name: text.renameConfirm, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Angebot 2027.pdf', exact: true })).toBeVisible();

    // A folder, and the lease moved into it.
    await page.getByRole('button', { name: text.newFolder }).click();
    const folderDialog = page.getByRole('dialog', { name: text.newFolder });
    await folderDialog.getByLabel(text.name).fill('Verträge');
    await folderDialog.getByRole('button', { name: text.create, exact: true }).click();
    await expect(page.getByRole('link', { name: 'Verträge 0' })).toBeVisible();
    await page.getByRole('button', { name: text.move('Mietvertrag.pdf') }).click();
    const moveDialog = page.getByRole('dialog');
    await moveDialog.getByLabel(text.moveTo).selectOption({ label: 'Verträge' });
    await moveDialog.getByRole('button', { name: text.moveConfirm, exact: true }).click();
    await expect(page.getByText(text.moved('Mietvertrag.pdf', 'Verträge'))).toBeVisible();
    await page.getByRole('link', { name: 'Verträge 1' }).click();
    await expect(page).toHaveURL(/[?&]folder=[0-9a-f]{24}/);
    await expect(page.getByRole('table', { name: text.count(1) })).toBeVisible();

    // The preview draws the pages; the next page by button, then Escape closes it.
    await page.getByRole('button', { name: 'Mietvertrag.pdf', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Mietvertrag.pdf' });
    await expect(preview.locator('canvas')).toBeVisible({ timeout: 20_000 });
    await preview.getByRole('button', { name: text.nextPage }).click();
    await expect(preview.getByRole('group', { name: text.pageOf(2, 3) })).toBeVisible();
    await expect(preview.locator('canvas')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // The download is the file as uploaded.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: text.download('Mietvertrag.pdf') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Mietvertrag.pdf');
    expect(readFileSync(await download.path()).equals(lease)).toBe(true);

    // Delete the offer, after confirming.
    await page.goto(`${text.prefix}/v1/documents`);
    await page.getByRole('button', { name: text.remove('Angebot 2027.pdf') }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.removeConfirm }).click();
    await expect(page.getByText(text.removed('Angebot 2027.pdf'))).toBeVisible();
    await expect(page.getByRole('table', { name: text.count(1) })).toBeVisible();

    // A text file named .pdf is refused, with the reason in the page's language.
    await chooseFiles(page, text.upload, [
      { name: 'Notizen.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Nur ein paar Zeilen Text.\n') },
    ]);
    await expect(page.getByRole('alert').filter({ hasText: text.notPdf })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: text.count(1) })).toBeVisible();
  });
}
