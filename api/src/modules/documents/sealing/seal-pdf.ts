import { createHash } from 'node:crypto';
import type { Locale } from '@formwerk/contracts';
import { HttpTimestampAuthority, PDF, TimestampError } from '@libpdf/core';
import { appendCertificatePages, type CertificatePageData } from './certificate-page';
import { drawFields, type SealField } from './draw-fields';
import type { SigningIdentity } from './signing-identity';

export type { CertificatePageData, CertificateRecipient, RecipientRole, VerificationMethod } from './certificate-page';
export type { SealField } from './draw-fields';

export type SealInput = {
  /** The original PDF, as stored in the library. */
  pdf: Uint8Array;
  fields: readonly SealField[];
  certificate: CertificatePageData;
  identity: SigningIdentity;
  /** An RFC 3161 timestamp authority: with it the seal is PAdES B-T, without it B-B. */
  timestampAuthorityUrl?: string;
  /** The languages of the certificate page, in the order shown; German, then English, by default. */
  locales?: readonly [Locale, ...Locale[]];
  /** When the seal is made (the certificate page and the signature's claimed time); now by default. */
  sealedAt?: Date;
};

export type SealedPdf = { pdf: Uint8Array; originalSha256: string; finalSha256: string };

/** The timestamp authority did not answer with a timestamp: the document is not sealed. */
export class TimestampUnavailableError extends Error {
  override name = 'TimestampUnavailableError';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// A new field of that name holds the seal, so an empty signature field the original brought along is
// left for its own purpose.
const sealFieldName = 'Formwerk seal';
const timestampTimeoutMs = 15_000;

/**
 * Room reserved in the file for the signature (CMS): its fixed parts and signed attributes, the
 * certificates it carries, and a timestamp token with the authority's own chain. Too little and
 * signing fails; every byte more is written as two zeros of hex into the file.
 */
function signatureRoom(identity: SigningIdentity, isTimestamped: boolean): number {
  const certificates = [identity.signer.certificate, ...(identity.signer.certificateChain ?? [])];
  const certificateBytes = certificates.reduce((sum, certificate) => sum + certificate.length, 0);
  return 8192 + certificateBytes + (isTimestamped ? 16_384 : 0);
}

/**
 * Seals a completed document: draws every field's value into its page (flattened), appends the
 * certificate page(s), and signs the result once, with `identity`, as PAdES baseline B-B
 * (ETSI.CAdES.detached), or B-T with the timestamp of `timestampAuthorityUrl`. Should that authority
 * fail, this throws a TimestampUnavailableError and seals nothing: a B-T seal must not quietly carry only
 * the server's clock.
 *
 * @libpdf/core writes the drawing, the pages and the signature as one incremental update, so the
 * original's bytes stay the start of the sealed file. The certificate page shows the original's
 * SHA-256; the final document's is returned for the audit trail, since no file can contain its own
 * hash. Nothing else in the api imports @libpdf/core to sign: pdf-lib, which re-saves a whole file and
 * so breaks every signature in it, must never touch a sealed document.
 */
export async function sealPdf(input: SealInput): Promise<SealedPdf> {
  const { identity, timestampAuthorityUrl } = input;
  const originalSha256 = sha256(input.pdf);
  const sealedAt = input.sealedAt ?? new Date();
  const pdf = await PDF.load(input.pdf);
  drawFields(pdf, input.fields);
  appendCertificatePages(pdf, { ...input.certificate, originalSha256, sealedAt }, input.locales ?? ['de', 'en']);
  const timestampAuthority = timestampAuthorityUrl
    ? new HttpTimestampAuthority(timestampAuthorityUrl, { timeout: timestampTimeoutMs })
    : undefined;
  try {
    const { bytes } = await pdf.sign({
      signer: identity.signer,
      fieldName: sealFieldName,
      reason: 'Sealed by Formwerk',
      subFilter: 'ETSI.CAdES.detached',
      level: timestampAuthority ? 'B-T' : 'B-B',
      timestampAuthority,
      signingTime: sealedAt,
      estimatedSize: signatureRoom(identity, timestampAuthority !== undefined),
    });
    return { pdf: bytes, originalSha256, finalSha256: sha256(bytes) };
  } catch (error) {
    if (error instanceof TimestampError) {
      throw new TimestampUnavailableError(
        `The timestamp authority ${timestampAuthorityUrl} gave no timestamp, so the document was not sealed: ${error.message}`,
        { cause: error },
      );
    }
    throw error;
  }
}
