import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { waitForMail, waitForMailLink } from '../support/mailbox';
import { makePdf } from '../support/pdf-files';
import { csrfHeaders, signUpReady, uniqueEmail } from '../support/session';

// Signing of issue 16, once per language: a template with an approver, then two signers in stages of
// their own. Sent from the template list, the approver approves, the first signer signs, the second
// declines with a reason, and the sender sees it on the request's page. Sent again, all three act, and
// the sealed copy downloaded from the signing page is valid to Debian's pdfsig and qpdf.
const texts = {
  de: {
    prefix: '',
    send: 'Zur Unterschrift senden „Mietvertrag“',
    dialog: 'Zur Unterschrift senden',
    name: (role: string) => `Name für ${role}`,
    email: (role: string) => `E-Mail-Adresse für ${role}`,
    submit: 'Senden',
    subjects: { approver: /^Bitte freigeben: Mietvertrag$/, signer: /^Bitte unterschreiben: Mietvertrag$/ },
    codeSubject: /^Ihr Bestätigungscode für „Mietvertrag“$/,
    sendCode: 'Code per E-Mail senden',
    code: 'Bestätigungscode',
    approve: 'Freigeben',
    signatureBox: /^Unterschrift, Seite 1 von 1: Pflichtfeld, noch leer$/,
    signatureDialog: 'Unterschrift',
    typeTab: 'Tippen',
    adopt: 'Unterschrift übernehmen',
    finish: 'Unterschreiben und abschließen',
    thanks: 'Vielen Dank!',
    decline: 'Ablehnen',
    declineDialog: 'Unterschrift ablehnen?',
    reason: 'Grund',
    confirmDecline: 'Unterschrift ablehnen',
    declinedOwn: 'Sie haben die Unterschrift abgelehnt',
    declinedState: 'Vera Vermieter hat abgelehnt zu unterschreiben: „Die Kaution fehlt.“',
    declinedBadge: 'Abgelehnt',
    download: 'Unterschriebenes Dokument herunterladen',
    certificate: 'Zertifikat herunterladen',
  },
  en: {
    prefix: '/en',
    send: 'Send for signature “Mietvertrag”',
    dialog: 'Send for signature',
    name: (role: string) => `Name for ${role}`,
    email: (role: string) => `Email address for ${role}`,
    submit: 'Send',
    subjects: { approver: /^Please approve: Mietvertrag$/, signer: /^Please sign: Mietvertrag$/ },
    codeSubject: /^Your confirmation code for “Mietvertrag”$/,
    sendCode: 'Send code by email',
    code: 'Confirmation code',
    approve: 'Approve',
    signatureBox: /^Signature, page 1 of 1: required, still empty$/,
    signatureDialog: 'Signature',
    typeTab: 'Type',
    adopt: 'Adopt signature',
    finish: 'Sign and finish',
    thanks: 'Thank you!',
    decline: 'Decline',
    declineDialog: 'Decline to sign?',
    reason: 'Reason',
    confirmDecline: 'Decline to sign',
    declinedOwn: 'You declined to sign',
    declinedState: 'Vera Vermieter declined to sign: “Die Kaution fehlt.”',
    declinedBadge: 'Declined',
    download: 'Download the signed document',
    certificate: 'Download the certificate',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

const roles = [
  { id: 'verwaltung', name: 'Hausverwaltung', kind: 'approver', order: 1 },
  { id: 'mieter', name: 'Mieter', kind: 'signer', order: 2 },
  { id: 'vermieter', name: 'Vermieter', kind: 'signer', order: 3 },
] as const;
const signatureOf = (roleId: string, y: number) => ({
  id: `${roleId}-signature`,
  page: 0,
  x: 0.1,
  y,
  width: 0.35,
  height: 0.08,
  kind: 'signature',
  roleId,
  required: true,
});

/** A signature template of the sender's team: an approver, then a signer, then another. */
async function createTemplate(api: APIRequestContext): Promise<string> {
  const headers = await csrfHeaders(api);
  const uploaded = await api.post('/api/v1/document-templates', {
    headers: { ...headers, 'Content-Type': 'application/pdf', 'X-File-Name': 'Mietvertrag.pdf' },
    data: makePdf(['Mietvertrag']),
  });
  expect(uploaded.status()).toBe(201);
  const { id, revision } = await uploaded.json();
  const saved = await api.put(`/api/v1/document-templates/${id}`, {
    headers,
    data: {
      revision,
      name: 'Mietvertrag',
      roles,
      fields: [signatureOf('mieter', 0.6), signatureOf('vermieter', 0.75)],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

type Person = { name: string; email: string };

/** A recipient's browser of their own on the link of their latest mail, verified by the mailed code. */
async function openVerified(
  browser: Browser,
  baseURL: string | undefined,
  text: Texts,
  person: Person,
  subject: RegExp,
) {
  const context = await browser.newContext({ baseURL, locale: 'de-AT', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(await waitForMailLink(person.email, subject));
  await page.getByRole('button', { name: text.sendCode }).click();
  const mail = await waitForMail(person.email, text.codeSubject);
  const code = /code: (\d{6})/i.exec(mail.text)?.[1] ?? '';
  await page.getByRole('textbox', { name: text.code }).fill(code);
  return page;
}

async function approve(page: Page, text: Texts) {
  await page.getByRole('button', { name: text.approve, exact: true }).click();
  await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();
}

/** Signs the one signature field with the name typed in a handwriting font. */
async function sign(page: Page, text: Texts) {
  await page.getByRole('button', { name: text.signatureBox }).click();
  const dialog = page.getByRole('dialog', { name: text.signatureDialog });
  await dialog.getByRole('tab', { name: text.typeTab }).click();
  await dialog.getByRole('button', { name: text.adopt }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: text.finish }).click();
  await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();
}

const run = promisify(execFile);

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`a template sent for signature: approved, signed, declined; then signed by all and sealed (${locale})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signUpReady(page.request, 'Sandra Sender', locale);
    const templateId = await createTemplate(page.request);
    const people = (tag: string) => ({
      verwaltung: { name: 'Hanna Haus', email: uniqueEmail(`verwaltung-${tag}`) },
      mieter: { name: 'Mia Miete', email: uniqueEmail(`mieter-${tag}`) },
      vermieter: { name: 'Vera Vermieter', email: uniqueEmail(`vermieter-${tag}`) },
    });

    // Sent from the template list: a person for each role, stage by stage.
    const first = people('first');
    await page.goto(`${text.prefix}/v1/documents/templates`);
    await page.getByRole('button', { name: text.send }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    for (const role of roles) {
      await dialog.getByLabel(text.name(role.name)).fill(first[role.id].name);
      await dialog.getByLabel(text.email(role.name)).fill(first[role.id].email);
    }
    await dialog.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page).toHaveURL(/[?&]request=[0-9a-f]{24}/);
    await expect(page.getByRole('heading', { name: 'Mietvertrag', level: 1 })).toBeVisible();

    // Stage by stage: the approver, then the first signer, then the second, who declines.
    await approve(await openVerified(browser, baseURL, text, first.verwaltung, text.subjects.approver), text);
    await sign(await openVerified(browser, baseURL, text, first.mieter, text.subjects.signer), text);
    const landlord = await openVerified(browser, baseURL, text, first.vermieter, text.subjects.signer);
    await landlord.getByRole('button', { name: text.decline, exact: true }).click();
    const declining = landlord.getByRole('dialog', { name: text.declineDialog });
    await declining.getByRole('textbox', { name: text.reason }).fill('Die Kaution fehlt.');
    await declining.getByRole('button', { name: text.confirmDecline }).click();
    await expect(landlord.getByRole('heading', { name: text.declinedOwn })).toBeVisible();

    // The sender's page, refreshed while people act, says who declined and why.
    await expect(page.getByText(text.declinedState)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(text.declinedBadge, { exact: true }).first()).toBeVisible();

    // Sent again (through the api this time): everyone acts, and the sealed copy is valid.
    const second = people('second');
    const sent = await page.request.post('/api/v1/signing-requests', {
      headers: await csrfHeaders(page.request),
      data: {
        source: { kind: 'template', templateId },
        recipients: roles.map((role) => ({ roleId: role.id, ...second[role.id] })),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await approve(await openVerified(browser, baseURL, text, second.verwaltung, text.subjects.approver), text);
    await sign(await openVerified(browser, baseURL, text, second.mieter, text.subjects.signer), text);
    const last = await openVerified(browser, baseURL, text, second.vermieter, text.subjects.signer);
    await sign(last, text);
    // Once sealed, the page offers the signed copy and its certificate.
    const download = last.getByRole('link', { name: text.download });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(last.getByRole('link', { name: text.certificate })).toBeVisible();
    const [file] = await Promise.all([last.waitForEvent('download'), download.click()]);
    const path = testInfo.outputPath(`signed-${locale}.pdf`);
    await file.saveAs(path);
    // pdfsig exits 0 whatever it finds: its report is read.
    const { stdout } = await run('/usr/bin/pdfsig', [path]);
    expect(stdout).toMatch(/Signature Validation: Signature is Valid\./);
    await run('/usr/bin/qpdf', ['--check', path]);
  });
}
