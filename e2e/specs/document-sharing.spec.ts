import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { makePdf } from '../support/pdf-files';
import { csrfHeaders, signUpReady, uniqueEmail } from '../support/session';

// Sharing of issue 16, once per language: a team owner shares a PDF with someone who has no account
// yet and creates a link; the link opens the PDF without an account; the person signs up, follows the
// mail to "Shared with me", previews and downloads it; the owner takes the share back and it is gone.
const texts = {
  de: {
    prefix: '',
    share: (name: string) => `Teilen „${name}“`,
    dialog: (name: string) => `„${name}“ teilen`,
    addresses: 'E-Mail-Adressen',
    message: 'Nachricht (freiwillig)',
    submit: 'Teilen',
    sharedWithOne: 'Mit 1 Person geteilt.',
    createLink: 'Link erstellen',
    newLink: 'Neuer Link',
    done: 'Fertig',
    mailSubject: /hat „Angebot\.pdf“ mit Ihnen geteilt/,
    sharedCount: '1 geteiltes Dokument',
    preview: (name: string) => `Vorschau „${name}“`,
    download: (name: string) => `Herunterladen „${name}“`,
    revoke: (label: string) => `Entfernen: ${label}`,
    emptyShared: 'Noch nichts mit Ihnen geteilt',
    section: 'Mit mir geteilt',
  },
  en: {
    prefix: '/en',
    share: (name: string) => `Share “${name}”`,
    dialog: (name: string) => `Share “${name}”`,
    addresses: 'Email addresses',
    message: 'Message (optional)',
    submit: 'Share',
    sharedWithOne: 'Shared with 1 person.',
    createLink: 'Create link',
    newLink: 'New link',
    done: 'Done',
    mailSubject: /shared “Angebot\.pdf” with you/,
    sharedCount: '1 shared document',
    preview: (name: string) => `Preview “${name}”`,
    download: (name: string) => `Download “${name}”`,
    revoke: (label: string) => `Remove: ${label}`,
    emptyShared: 'Nothing shared with you yet',
    section: 'Shared with me',
  },
} as const;

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`a document shared with a person and by link (${locale})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signUpReady(page.request, 'Olga Owner', locale);
    const offer = makePdf(['Angebot Seite 1', 'Angebot Seite 2']);
    const uploaded = await page.request.post('/api/v1/documents', {
      headers: {
        ...(await csrfHeaders(page.request)),
        'Content-Type': 'application/pdf',
        'X-File-Name': 'Angebot.pdf',
      },
      data: offer,
    });
    expect(uploaded.status()).toBe(201);
    const readerEmail = uniqueEmail('reader');

    await page.goto(`${text.prefix}/v1/documents`);
    await page.getByRole('button', { name: text.share('Angebot.pdf') }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog('Angebot.pdf') });
    await dialog.getByLabel(text.addresses).fill(readerEmail);
    await dialog.getByLabel(text.message).fill('Bitte bis Freitag ansehen.');
    await dialog.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.getByText(text.sharedWithOne)).toBeAttached();
    await expect(dialog.getByText(readerEmail)).toBeVisible();

    // A link, opened without any account: the PDF as uploaded.
    await dialog.getByRole('button', { name: text.createLink }).click();
    const linkUrl = await dialog.getByRole('textbox', { name: text.newLink }).inputValue();
    expect(linkUrl).toMatch(/\/api\/v1\/shared-links\/[A-Za-z0-9_-]{43}$/);
    const anonymous = await playwrightRequest.newContext({ baseURL });
    const opened = await anonymous.get(new URL(linkUrl).pathname);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await opened.body()).equals(offer)).toBe(true);
    await anonymous.dispose();
    await dialog.getByRole('button', { name: text.done }).click();
    await expect(dialog).toBeHidden();

    // The person signs up after the share, follows the mail, and finds the document.
    const mailPath = await waitForMailLink(readerEmail, text.mailSubject);
    expect(mailPath).toBe(`${text.prefix}/v1/documents/shared`);
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await signUpReady(reader.request, 'Rita Reader', locale, readerEmail);
    await reader.goto(mailPath);
    const table = reader.getByRole('table', { name: text.sharedCount });
    await expect(table).toBeVisible();
    // Shared by the owner, from the owner's personal team (named after her).
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Olga Owner');
    await expect(reader.getByRole('link', { name: text.section })).toHaveAttribute('aria-current', 'page');

    await reader.getByRole('button', { name: text.preview('Angebot.pdf') }).click();
    const preview = reader.getByRole('dialog', { name: 'Angebot.pdf' });
    await expect(preview.locator('canvas')).toBeVisible({ timeout: 20_000 });
    await reader.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    const downloading = reader.waitForEvent('download');
    await reader.getByRole('link', { name: text.download('Angebot.pdf') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Angebot.pdf');
    expect(readFileSync(await download.path()).equals(offer)).toBe(true);

    // The owner takes the share back: the list is empty for the reader.
    await page.getByRole('button', { name: text.share('Angebot.pdf') }).click();
    await dialog.getByRole('button', { name: text.revoke(`Rita Reader (${readerEmail})`) }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: readerEmail })).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByRole('heading', { name: text.emptyShared })).toBeVisible();
    await readerContext.close();
  });
}
