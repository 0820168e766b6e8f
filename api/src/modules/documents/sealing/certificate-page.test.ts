import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { appendCertificatePages, type CertificatePageData, type CertificateRecipient } from './certificate-page';
import { extractText, extractWordBoxes, useScratchDirectory, type WordBox } from './sealing-test-helpers';

const scratch = useScratchDirectory();
const originalSha256 = 'a'.repeat(64);
const sealedAt = new Date('2026-11-26T14:05:09.123Z');

function recipient(number: number, overrides: Partial<CertificateRecipient> = {}): CertificateRecipient {
  return {
    name: `Person ${number}`,
    email: `person${number}@example.com`,
    role: 'signer',
    verification: 'emailCode',
    sentAt: new Date('2026-11-25T08:00:00Z'),
    viewedAt: new Date('2026-11-25T09:00:00Z'),
    signedAt: new Date('2026-11-25T09:30:00Z'),
    declinedAt: null,
    ipAddress: '198.51.100.23',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    ...overrides,
  };
}

function documentWith(recipients: CertificateRecipient[]): CertificatePageData {
  return {
    documentTitle: 'Rahmenvertrag Größe „XL“',
    reference: 'DOC-7',
    sender: { name: 'Jörg Weiß', email: 'joerg@example.com' },
    recipients,
  };
}

async function certificatePdf(recipients: CertificateRecipient[], locales: ['de', 'en'] | ['en'] = ['de', 'en']) {
  const pdf = PDF.create();
  const pageCount = appendCertificatePages(pdf, { ...documentWith(recipients), originalSha256, sealedAt }, locales);
  return { bytes: await pdf.save(), pageCount };
}

const overlaps = (first: WordBox, second: WordBox) =>
  first.left < second.right && second.left < first.right && first.top < second.bottom && second.top < first.bottom;

describe('appendCertificatePages', () => {
  it('lists the document and each recipient in German, then English', async () => {
    const recipients = [
      recipient(1),
      recipient(2, { role: 'approver', verification: 'account' }),
      recipient(3, {
        role: 'cc',
        verification: null,
        viewedAt: null,
        signedAt: null,
        ipAddress: null,
        userAgent: null,
      }),
      recipient(4, { role: 'viewer', declinedAt: new Date('2026-11-25T10:00:00Z'), signedAt: null }),
    ];
    const { bytes } = await certificatePdf(recipients);
    const text = await extractText(scratch(), bytes);
    for (const expected of [
      'Signaturzertifikat / Signing certificate',
      'Rahmenvertrag Größe „XL“',
      'Jörg Weiß <joerg@example.com>',
      'SHA-256 des Originals / SHA-256 of the original',
      originalSha256,
      'im Prüfprotokoll festgehalten / recorded in the audit trail',
      '2026-11-26T14:05:09Z (26.11.2026, 14:05 / 11/26/2026, 2:05 PM UTC)',
      'Person 1 <person1@example.com>',
      'Unterzeichnende/r / Signer',
      'Freigebende/r / Approver',
      'Kopie / CC',
      'Betrachter/in / Viewer',
      'E-Mail-Einmalcode / Email one-time code',
      'Angemeldetes Konto / Signed-in account',
      'nicht verifiziert / not verified',
      'Freigegeben / Approved',
      'Abgelehnt / Declined',
      '2026-11-25T10:00:00Z',
      '198.51.100.23',
      'Safari 18 · macOS',
      'Seite 1 von 1 / Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('in English only when asked to', async () => {
    const { bytes } = await certificatePdf([recipient(1)], ['en']);
    const text = await extractText(scratch(), bytes);
    expect(text).toContain('Signing certificate');
    expect(text).toContain('Signer');
    expect(text).not.toContain('Signaturzertifikat');
  });

  it('continues 50 signers over further pages, whole recipients on each and no text overlapping', async () => {
    const recipients = Array.from({ length: 50 }, (_, index) => recipient(index + 1));
    const { bytes, pageCount } = await certificatePdf(recipients);
    expect(pageCount).toBeGreaterThan(1);
    const text = await extractText(scratch(), bytes);
    for (let number = 1; number <= 50; number += 1) expect(text).toContain(`person${number}@example.com>`);
    expect(text).toContain(`Seite ${pageCount} von ${pageCount} / Page ${pageCount} of ${pageCount}`);
    expect(text).toContain('Signaturzertifikat / Signing certificate (Fortsetzung / continued)');
    const pages = await extractWordBoxes(scratch(), bytes);
    expect(pages).toHaveLength(pageCount);
    const misplaced = pages.flatMap((words, page) =>
      words.flatMap((word, index) => [
        ...(word.top < 0 || word.bottom > 841.89 || word.right > 595.28 ? [`"${word.text}" on page ${page + 1}`] : []),
        ...words
          .slice(index + 1)
          .filter((other) => overlaps(word, other))
          .map((other) => `"${word.text}" and "${other.text}" on page ${page + 1}`),
      ]),
    );
    expect(misplaced).toEqual([]);
  });

  it('shows a name with characters beyond the standard fonts, "?" for those, and says so', async () => {
    const { bytes } = await certificatePdf([recipient(1, { name: 'Zoë Ødegård 李' })]);
    const text = await extractText(scratch(), bytes);
    expect(text).toContain('Zoë Ødegård ? <person1@example.com>');
    expect(text).toContain('Zeichen außerhalb dieser Schrift sind als ? gezeigt');
  });
});
