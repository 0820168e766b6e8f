import type { Locale } from '@formwerk/contracts';
import { formatDateTime } from '@formwerk/platform/dates';
import { type Color, grayscale, type PDF, type PDFPage, type Standard14FontName, StandardFonts } from '@libpdf/core';
import { fitText, toWinAnsiText } from './pdf-text';
import { summarizeUserAgent } from './user-agent-summary';

export type RecipientRole = 'approver' | 'signer' | 'viewer' | 'cc';
export type VerificationMethod = 'emailCode' | 'emailLink' | 'account';

/** One recipient of a signing request as the certificate page lists them; `null` where nothing happened. */
export type CertificateRecipient = {
  name: string;
  email: string;
  role: RecipientRole;
  /** How the person proved to be the recipient before acting; null for one who never opened it. */
  verification: VerificationMethod | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date | null;
  declinedAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
};

export type CertificatePageData = {
  documentTitle: string;
  reference: string;
  sender: { name: string; email: string };
  recipients: readonly CertificateRecipient[];
};

type Texts = {
  title: string;
  continued: string;
  reference: string;
  sender: string;
  sealedAt: string;
  originalHash: string;
  finalHash: string;
  finalHashWhere: string;
  recipients: string;
  role: string;
  roles: Record<RecipientRole, string>;
  verifiedBy: string;
  verifications: Record<VerificationMethod, string>;
  notVerified: string;
  sent: string;
  viewed: string;
  signed: string;
  approved: string;
  declined: string;
  ipAddress: string;
  device: string;
  replacedNote: string;
  page: (number: number, count: number) => string;
};

const texts: Record<Locale, Texts> = {
  de: {
    title: 'Signaturzertifikat',
    continued: 'Fortsetzung',
    reference: 'Referenz',
    sender: 'Absender/in',
    sealedAt: 'Versiegelt',
    originalHash: 'SHA-256 des Originals',
    finalHash: 'SHA-256 der Endfassung',
    finalHashWhere: 'im Prüfprotokoll festgehalten',
    recipients: 'Empfänger/innen',
    role: 'Rolle',
    roles: { approver: 'Freigebende/r', signer: 'Unterzeichnende/r', viewer: 'Betrachter/in', cc: 'Kopie' },
    verifiedBy: 'Verifiziert durch',
    verifications: {
      emailCode: 'E-Mail-Einmalcode',
      emailLink: 'Persönlicher E-Mail-Link',
      account: 'Angemeldetes Konto',
    },
    notVerified: 'nicht verifiziert',
    sent: 'Gesendet',
    viewed: 'Angesehen',
    signed: 'Unterzeichnet',
    approved: 'Freigegeben',
    declined: 'Abgelehnt',
    ipAddress: 'IP-Adresse',
    device: 'Gerät',
    replacedNote: 'Zeichen außerhalb dieser Schrift sind als ? gezeigt; das Prüfprotokoll enthält sie genau.',
    page: (number, count) => `Seite ${number} von ${count}`,
  },
  en: {
    title: 'Signing certificate',
    continued: 'continued',
    reference: 'Reference',
    sender: 'Sender',
    sealedAt: 'Sealed',
    originalHash: 'SHA-256 of the original',
    finalHash: 'SHA-256 of the final document',
    finalHashWhere: 'recorded in the audit trail',
    recipients: 'Recipients',
    role: 'Role',
    roles: { approver: 'Approver', signer: 'Signer', viewer: 'Viewer', cc: 'CC' },
    verifiedBy: 'Verified by',
    verifications: { emailCode: 'Email one-time code', emailLink: 'Personal email link', account: 'Signed-in account' },
    notVerified: 'not verified',
    sent: 'Sent',
    viewed: 'Viewed',
    signed: 'Signed',
    approved: 'Approved',
    declined: 'Declined',
    ipAddress: 'IP address',
    device: 'Device',
    replacedNote: 'Characters outside this font are shown as ?; the audit trail holds them exactly.',
    page: (number, count) => `Page ${number} of ${count}`,
  },
};

// A4 portrait, whatever size the document's own pages have: the page is read and printed on its own.
const pageSize = { width: 595.28, height: 841.89 };
const margin = 50;
const contentWidth = pageSize.width - 2 * margin;
const labelWidth = 180;
const valueLeft = margin + labelWidth + 8;
const valueWidth = pageSize.width - margin - valueLeft;
const titleSize = 16;
const bodyTop = pageSize.height - margin - 34;
const bodyBottom = margin + 22;
const captionHeight = 22;
const headingHeight = 16;
const rowHeight = 12.5;
const blockGap = 10;
const noValue = '–';
const regular = StandardFonts.Helvetica;
const bold = StandardFonts.HelveticaBold;
const code = StandardFonts.Courier;
const muted = grayscale(0.35);
const rule = grayscale(0.8);

type Row = { label: string; value: string; font: Standard14FontName };
/** What is drawn together and never split across pages: a recipient, or the document's details. */
type Block = { caption: string | null; heading: string; rows: Row[] };

const blockHeight = (block: Block) =>
  (block.caption ? captionHeight : 0) + headingHeight + block.rows.length * rowHeight + blockGap;

/** The blocks in page order: each page takes as many whole blocks as fit below its header. */
function paginate(blocks: readonly Block[]): Block[][] {
  let current: Block[] = [];
  const pages = [current];
  let room = bodyTop - bodyBottom;
  for (const block of blocks) {
    const height = blockHeight(block);
    if (height > room && current.length > 0) {
      current = [];
      pages.push(current);
      room = bodyTop - bodyBottom;
    }
    current.push(block);
    room -= height;
  }
  return pages;
}

type TextLine = { x: number; baseline: number; width: number; font: Standard14FontName; size: number; color?: Color };

/** WinAnsi `text` on one line of `width` points, shrunk and then cut to fit (pdf-text.ts). */
function drawTextLine(page: PDFPage, text: string, { x, baseline, width, font, size, color }: TextLine): void {
  const fitted = fitText(text, font, width, { maxSize: size, minSize: Math.min(6, size) });
  page.drawText(fitted.text, { x, y: baseline, font, size: fitted.size, color });
}

/**
 * Appends the certificate page(s): the document, its sender and the SHA-256 of the original, then each
 * recipient with role, verification, times (UTC, ISO 8601 and as each locale reads them), IP address and
 * device. Every label is given in each of `locales`, in that order ("Rolle / Role"); a page holds whole
 * recipients only, so any number of them continues on further pages. Returns how many pages it added.
 */
export function appendCertificatePages(
  pdf: PDF,
  data: CertificatePageData & { originalSha256: string; sealedAt: Date },
  locales: readonly [Locale, ...Locale[]],
): number {
  let isReplaced = false;
  const shown = (text: string) => {
    const winAnsi = toWinAnsiText(text);
    isReplaced ||= winAnsi.isReplaced;
    return winAnsi.text;
  };
  const label = (pick: (texts: Texts) => string) => locales.map((locale) => pick(texts[locale])).join(' / ');
  const time = (date: Date | null) => {
    if (!date) return noValue;
    const readable = locales.map((locale) => formatDateTime(date, locale, { timeZone: 'UTC' })).join(' / ');
    return shown(`${date.toISOString().replace(/\.\d{3}Z$/, 'Z')} (${readable} UTC)`);
  };
  const row = (name: (texts: Texts) => string, value: string, font: Standard14FontName = regular): Row => ({
    label: label(name),
    value,
    font,
  });

  const documentBlock: Block = {
    caption: null,
    heading: shown(data.documentTitle),
    rows: [
      row((text) => text.reference, shown(data.reference)),
      row((text) => text.sender, shown(`${data.sender.name} <${data.sender.email}>`)),
      row((text) => text.sealedAt, time(data.sealedAt)),
      row((text) => text.originalHash, data.originalSha256, code),
      // A page cannot hold the hash of the file it is part of: writing the hash changes the file. The
      // final document's hash is therefore kept in the audit trail (sealPdf returns it for that).
      row(
        (text) => text.finalHash,
        label((text) => text.finalHashWhere),
      ),
    ],
  };
  const recipientBlocks = data.recipients.map(
    (recipient, index): Block => ({
      caption: index === 0 ? label((text) => text.recipients) : null,
      heading: shown(`${recipient.name} <${recipient.email}>`),
      rows: [
        row(
          (text) => text.role,
          label((text) => text.roles[recipient.role]),
        ),
        row(
          (text) => text.verifiedBy,
          label((text) => (recipient.verification ? text.verifications[recipient.verification] : text.notVerified)),
        ),
        row((text) => text.sent, time(recipient.sentAt)),
        row((text) => text.viewed, time(recipient.viewedAt)),
        ...(recipient.role === 'signer' || recipient.role === 'approver'
          ? [row((text) => (recipient.role === 'approver' ? text.approved : text.signed), time(recipient.signedAt))]
          : []),
        ...(recipient.declinedAt ? [row((text) => text.declined, time(recipient.declinedAt))] : []),
        row((text) => text.ipAddress, shown(recipient.ipAddress ?? noValue)),
        row((text) => text.device, recipient.userAgent ? shown(summarizeUserAgent(recipient.userAgent)) : noValue),
      ],
    }),
  );

  const pages = paginate([documentBlock, ...recipientBlocks]);
  pages.forEach((blocks, index) => {
    const page = pdf.addPage(pageSize);
    const title =
      index === 0 ? label((text) => text.title) : `${label((text) => text.title)} (${label((text) => text.continued)})`;
    const fullWidth = { x: margin, width: contentWidth };
    drawTextLine(page, title, {
      ...fullWidth,
      baseline: pageSize.height - margin - titleSize,
      font: bold,
      size: titleSize,
    });
    let top = bodyTop;
    for (const block of blocks) {
      if (block.caption) {
        drawTextLine(page, block.caption, { ...fullWidth, baseline: top - 14, font: bold, size: 12 });
        top -= captionHeight;
      }
      drawTextLine(page, block.heading, { ...fullWidth, baseline: top - 11, font: bold, size: 10 });
      top -= headingHeight;
      for (const { label: rowLabel, value, font } of block.rows) {
        const baseline = top - 9;
        drawTextLine(page, rowLabel, {
          x: margin,
          baseline,
          width: labelWidth,
          font: regular,
          size: 7.5,
          color: muted,
        });
        drawTextLine(page, value, { x: valueLeft, baseline, width: valueWidth, font, size: font === code ? 8.5 : 9 });
        top -= rowHeight;
      }
      page.drawLine({
        start: { x: margin, y: top - blockGap / 2 },
        end: { x: margin + contentWidth, y: top - blockGap / 2 },
        color: rule,
        thickness: 0.5,
      });
      top -= blockGap;
    }
    const footer = { ...fullWidth, font: regular, color: muted };
    if (isReplaced)
      drawTextLine(
        page,
        label((text) => text.replacedNote),
        { ...footer, baseline: margin + 10, size: 7 },
      );
    drawTextLine(
      page,
      label((text) => text.page(index + 1, pages.length)),
      { ...footer, baseline: margin - 4, size: 7.5 },
    );
  });
  return pages.length;
}
