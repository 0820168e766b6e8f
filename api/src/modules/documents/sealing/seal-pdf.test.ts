import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CertificatePageData,
  type SealedPdf,
  type SealField,
  sealPdf,
  TimestampUnavailableError,
} from './seal-pdf';
import {
  checkWithPdfsig,
  checkWithQpdf,
  extractText,
  extractWordBoxes,
  initialsPng,
  listImages,
  makeSamplePdf,
  printCms,
  signaturePng,
  useScratchDirectory,
  verifyWithOpenssl,
} from './sealing-test-helpers';
import { loadSigningIdentity, type SigningIdentity } from './signing-identity';
import { startTestTimestampAuthority } from './test-timestamp-authority';

const scratch = useScratchDirectory();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const signature = signaturePng();
const initials = initialsPng();
const longText = 'Ein sehr langer Vermerk, der nicht in das kleine Feld passt und deshalb gekürzt wird';

const fields: SealField[] = [
  { page: 0, x: 0.1, y: 0.2, width: 0.4, height: 0.03, kind: 'name', value: 'Erika Mustermann' },
  { page: 0, x: 0.1, y: 0.25, width: 0.4, height: 0.03, kind: 'email', value: 'erika@example.com' },
  { page: 0, x: 0.1, y: 0.3, width: 0.2, height: 0.03, kind: 'date', value: '26.11.2026' },
  { page: 0, x: 0.1, y: 0.35, width: 0.15, height: 0.02, kind: 'text', value: longText },
  { page: 0, x: 0.1, y: 0.4, width: 0.04, height: 0.03, kind: 'checkbox', value: true },
  { page: 0, x: 0.5, y: 0.7, width: 0.4, height: 0.1, kind: 'signature', value: { png: signature } },
  { page: 1, x: 0.2, y: 0.1, width: 0.5, height: 0.04, kind: 'text', value: 'Beschnitten' },
  { page: 1, x: 0.8, y: 0.9, width: 0.1, height: 0.05, kind: 'initials', value: { png: initials } },
  { page: 2, x: 0.6, y: 0.5, width: 0.3, height: 0.05, kind: 'text', value: 'Querformat' },
  { page: 2, x: 0.8, y: 0.9, width: 0.1, height: 0.05, kind: 'initials', value: { png: initials } },
  { page: 3, x: 0.55, y: 0.15, width: 0.3, height: 0.05, kind: 'text', value: 'Gedreht' },
  { page: 3, x: 0.1, y: 0.8, width: 0.04, height: 0.04, kind: 'checkbox', value: false },
];

const certificate: CertificatePageData = {
  documentTitle: 'Mietvertrag Wohnung 4',
  reference: 'DOC-2026-0042',
  sender: { name: 'Max Muster', email: 'max@example.com' },
  recipients: [
    {
      name: 'Erika Mustermann',
      email: 'erika@example.com',
      role: 'signer',
      verification: 'emailCode',
      sentAt: new Date('2026-11-20T08:00:00Z'),
      viewedAt: new Date('2026-11-20T09:15:00Z'),
      signedAt: new Date('2026-11-20T09:20:30Z'),
      declinedAt: null,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    },
  ],
};

let identity: SigningIdentity;
let original: Uint8Array;
let sealed: SealedPdf;

beforeAll(async () => {
  identity = await loadSigningIdentity({ pkcs12: null });
  original = await makeSamplePdf();
  sealed = await sealPdf({ pdf: original, fields, certificate, identity });
});

/**
 * The sealed file with the first letter of the name drawn on page 1 changed, as a forger would: the
 * drawing is a small content stream, written uncompressed, its text as a hex string ("E" is 45).
 */
function tamperedCopy(): Uint8Array {
  const copy = Buffer.from(sealed.pdf);
  const at = copy.indexOf(`<${Buffer.from('Erika Mustermann').toString('hex').toUpperCase()}>`);
  expect(at).toBeGreaterThan(0);
  copy[at + 1] = '5'.charCodeAt(0);
  return copy;
}

describe('sealPdf', () => {
  it('signs the whole document once, and pdfsig finds the signature valid (PAdES, ETSI.CAdES.detached)', async () => {
    const { signatures } = await checkWithPdfsig(scratch(), sealed.pdf);
    expect(signatures).toEqual([
      {
        validation: 'Signature is Valid.',
        signer: 'Formwerk development seal',
        type: 'ETSI.CAdES.detached',
        isWholeDocument: true,
      },
    ]);
  });

  it('verifies with openssl cms over the byte range, chained to the throw-away CA', async () => {
    const verified = await verifyWithOpenssl(scratch(), sealed.pdf, identity.caCertificatePem ?? '');
    expect(verified.exitCode).toBe(0);
    expect(verified.output).toContain('Verification successful');
  });

  it('passes qpdf --check', async () => {
    const checked = await checkWithQpdf(scratch(), sealed.pdf);
    expect(checked.exitCode).toBe(0);
    expect(checked.output).toContain('No syntax or stream encoding errors');
  });

  it('returns the SHA-256 of the original and of the sealed file, and keeps the original as its start', () => {
    expect(sealed.originalSha256).toBe(sha256(original));
    expect(sealed.finalSha256).toBe(sha256(sealed.pdf));
    expect(Buffer.from(sealed.pdf.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
  });

  it('when one byte inside the signed range is changed, pdfsig reports the signature invalid and openssl fails', async () => {
    const tampered = tamperedCopy();
    const { signatures } = await checkWithPdfsig(scratch(), tampered);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]?.validation).not.toBe('Signature is Valid.');
    expect(signatures[0]?.validation).toMatch(/mismatch|invalid/i);
    const verified = await verifyWithOpenssl(scratch(), tampered, identity.caCertificatePem ?? '');
    expect(verified.exitCode).not.toBe(0);
    expect(verified.output).toContain('Verification failure');
  });

  it('draws the values into the pages and appends the bilingual certificate page', async () => {
    const text = await extractText(scratch(), sealed.pdf);
    for (const value of [
      'Erika Mustermann',
      'erika@example.com',
      '26.11.2026',
      'Beschnitten',
      'Querformat',
      'Gedreht',
    ]) {
      expect(text).toContain(value);
    }
    const certificatePage = await extractText(scratch(), sealed.pdf, 5);
    expect(certificatePage).toContain('Signaturzertifikat / Signing certificate');
    expect(certificatePage).toContain('Mietvertrag Wohnung 4');
    expect(certificatePage).toContain(sealed.originalSha256);
    expect(certificatePage).toContain('Unterzeichnende/r / Signer');
    expect(certificatePage).toContain('E-Mail-Einmalcode / Email one-time code');
    expect(certificatePage).toContain('2026-11-20T09:20:30Z');
    expect(certificatePage).toContain('Firefox 133 · Windows');
    expect(certificatePage).toContain('im Prüfprotokoll festgehalten / recorded in the audit trail');
  });

  it('draws no form fields: the only field left is the seal itself', async () => {
    const sealedText = Buffer.from(sealed.pdf).toString('latin1');
    expect(sealedText.match(/\/FT\s*\/Sig/g)).toHaveLength(1);
    expect(sealedText).not.toMatch(/\/FT\s*\/(Tx|Btn|Ch)/);
  });

  it.each([
    ['an A4 page', fields[0], { width: 595.28, height: 841.89 }],
    ['a Letter page showing only its CropBox', fields[6], { width: 540, height: 720 }],
    ['a landscape page', fields[8], { width: 841.89, height: 595.28 }],
    ['a portrait page turned by /Rotate 90', fields[10], { width: 841.89, height: 595.28 }],
  ])('on %s, text lands in its box as placed on the page as shown', async (_case, field, { width, height }) => {
    if (!field || typeof field.value !== 'string') throw new Error('The case needs a text field');
    const firstWord = field.value.split(' ')[0];
    const pages = await extractWordBoxes(scratch(), sealed.pdf);
    const word = pages[field.page]?.find(({ text }) => text === firstWord);
    expect(word).toBeDefined();
    const slack = 1.5;
    expect(word?.left).toBeGreaterThanOrEqual(field.x * width - slack);
    expect(word?.right).toBeLessThanOrEqual((field.x + field.width) * width + slack);
    expect(word?.top).toBeGreaterThanOrEqual(field.y * height - slack);
    expect(word?.bottom).toBeLessThanOrEqual((field.y + field.height) * height + slack);
  });

  it('shrinks a value too long for its box, then cuts it with an ellipsis', async () => {
    const text = await extractText(scratch(), sealed.pdf, 1);
    expect(text).toMatch(/Ein sehr .*…/);
    expect(text).not.toContain('gekürzt wird');
  });

  it('draws signature and initials fitted with their aspect ratio kept, the same initials stored once', async () => {
    const images = await listImages(scratch(), sealed.pdf);
    expect(images.map(({ page }) => page)).toEqual([1, 2, 3]);
    for (const image of images) expect(image.xPpi).toBe(image.yPpi);
    expect(images[1]?.objectNumber).toBe(images[2]?.objectNumber);
    expect(images[0]?.objectNumber).not.toBe(images[1]?.objectNumber);
  });

  it('refuses a field on a page the document does not have, or outside its page', async () => {
    const outsidePages = { page: 4, x: 0.1, y: 0.1, width: 0.2, height: 0.05, kind: 'text', value: 'x' } as const;
    await expect(sealPdf({ pdf: original, fields: [outsidePages], certificate, identity })).rejects.toThrow(
      'A text field is on page 5, the document has 4',
    );
    const outsidePage = { ...outsidePages, page: 0, x: 0.9 };
    await expect(sealPdf({ pdf: original, fields: [outsidePage], certificate, identity })).rejects.toThrow(RangeError);
  });

  it('with a timestamp authority, seals PAdES B-T: the signature carries the authority’s timestamp', async () => {
    const authority = await startTestTimestampAuthority();
    try {
      const stamped = await sealPdf({
        pdf: original,
        fields,
        certificate,
        identity,
        timestampAuthorityUrl: authority.url,
      });
      const { signatures } = await checkWithPdfsig(scratch(), stamped.pdf);
      expect(signatures.map(({ validation }) => validation)).toEqual(['Signature is Valid.']);
      expect((await verifyWithOpenssl(scratch(), stamped.pdf, identity.caCertificatePem ?? '')).exitCode).toBe(0);
      // The token is an unsigned attribute of the signer (ETSI EN 319 142-1, B-T), made by the authority.
      const structure = await printCms(scratch(), stamped.pdf);
      expect(structure).toContain('id-smime-aa-timeStampToken');
      expect(structure).toContain('Formwerk test TSA');
      // Without an authority there is none.
      expect(await printCms(scratch(), sealed.pdf)).not.toContain('id-smime-aa-timeStampToken');
    } finally {
      await authority.stop();
    }
  });

  it('with a timestamp authority that does not answer, fails loudly instead of sealing with the local clock', async () => {
    const port = await unusedPort();
    const sealing = sealPdf({
      pdf: original,
      fields,
      certificate,
      identity,
      timestampAuthorityUrl: `http://127.0.0.1:${port}/tsr`,
    });
    await expect(sealing).rejects.toThrow(TimestampUnavailableError);
    await expect(sealing).rejects.toThrow(`The timestamp authority http://127.0.0.1:${port}/tsr gave no timestamp`);
  });
});

/** A port of 127.0.0.1 that nothing listens on: one the system just handed out and that was let go. */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}
