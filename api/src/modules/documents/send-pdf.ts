import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';

/** A stored PDF on its way out: the name to save it by, its length, its bytes. */
export type PdfToSend = { name: string; size: number; stream: Readable };

/**
 * Streams a stored PDF of the documents area (the library, a share, a template, a signing request): a
 * download, or (`isInline`) shown by the browser in a sandbox without scripts, so nothing in the file, nor
 * an HTML page smuggled in as one, can run as the site. Chromium applies no page policy to its own viewer,
 * so the PDF still shows; nothing more (no default-src), which would blank some viewers; the UI's previews
 * render the bytes with pdf.js and need none of this. Never cached, and no referrer leaves a page opened
 * from a link (a signing link's token is in its address).
 */
export async function sendPdf(
  request: Request,
  response: Response,
  { name, size, stream }: PdfToSend,
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
    // The file went (deleted meanwhile), the database failed halfway or the browser left: this download
    // ends, its connection closed short of the promised length, and nothing else does.
    request.log.warn({ err: error, name }, 'download broken off');
  }
}
