import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { SigningPdf } from './signing.service';

/**
 * Streams a PDF of a signing request: a download, or (`isInline`) shown by the browser in a sandbox
 * without scripts, so a PDF can never run anything as the site (the headers of documents.router.ts's
 * file route). Never cached, and no referrer leaves a page opened by a link.
 */
export async function sendSigningPdf(
  request: Request,
  response: Response,
  { name, size, stream }: SigningPdf,
  isInline: boolean,
): Promise<void> {
  // Express writes the name in both forms browsers read (ASCII fallback and UTF-8), quoted as needed.
  response.attachment(name);
  const disposition = response.get('Content-Disposition') ?? 'attachment';
  response.set({
    'Content-Type': 'application/pdf',
    'Content-Length': String(size),
    'Content-Disposition': isInline ? disposition.replace(/^attachment/, 'inline') : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  });
  if (isInline) response.set('Content-Security-Policy', 'sandbox');
  try {
    await pipeline(stream, response);
  } catch (error) {
    // The browser left or the database failed halfway: this download ends short, and nothing else does.
    request.log.warn({ err: error }, 'download broken off');
  }
}
