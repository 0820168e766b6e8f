import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PdfInvalidDetails } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import { AppError } from '../../platform/errors';

export type CheckedPdf = { bytes: Buffer; pageCount: number; sha256: string };

// PDF 32000-1 §7.5.2 puts the header first; readers (and Acrobat) look for it in the first 1 024 bytes,
// and for the end marker in the last 1 024: a file without it was cut short on its way.
const markerWindow = 1024;
const header = Buffer.from('%PDF-');
const endMarker = Buffer.from('%%EOF');

const pdfInvalid = (reason: PdfInvalidDetails['reason'], message: string) =>
  new AppError('PDF_INVALID', 422, message, { reason } satisfies PdfInvalidDetails);

const encrypted = () => new AppError('PDF_ENCRYPTED', 422, 'This PDF is protected by a password');

const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', 413, 'The file is larger than allowed here', { maxBytes });

const startsAsPdf = (bytes: Buffer) => bytes.subarray(0, markerWindow).includes(header);

/**
 * The request body, whole, up to `maxBytes`: refused as soon as it passes the size (or says it will) or
 * its first bytes are not a PDF's, and the rest of it is read and dropped so the answer can be sent.
 * A PDF is parsed as a whole, so it is held in memory; nothing is stored yet.
 */
export function readPdfBody(input: Readable, maxBytes: number, declaredLength: number | undefined): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isHeadChecked = false;
    const stop = (error: Error) => {
      input.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      input.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge(maxBytes));
      chunks.push(chunk);
      if (!isHeadChecked && size >= markerWindow) {
        isHeadChecked = true;
        if (!startsAsPdf(Buffer.concat(chunks))) stop(pdfInvalid('notPdf', 'This file is not a PDF'));
      }
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks, size);
      if (!startsAsPdf(bytes)) reject(pdfInvalid('notPdf', 'This file is not a PDF'));
      else resolve(bytes);
    };
    const onError = (error: Error) => reject(error);
    // A client that goes away mid-upload: the body never ends, and what was read is let go.
    const onClose = () => {
      if (!input.readableEnded) reject(new Error('The upload was broken off'));
    };
    input.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

// Parsing takes about twice a PDF's size of heap (measured: 67 MB for 31 MB, 3 000 pages, 0.35 s) and
// the api runs in a small heap, so an instance parses one PDF at a time; the CPU would not do more.
let parsing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = parsing.then(task, task);
  parsing = run.catch(() => undefined);
  return run;
}

async function countPages(bytes: Buffer): Promise<number> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    // A trailer naming an /Encrypt dictionary the library could not open is still a protected file.
    if (bytes.includes('/Encrypt')) throw encrypted();
    throw pdfInvalid('damaged', 'This PDF is damaged and cannot be read');
  }
  // Even one that opens without a password (an owner password only) is refused: an encrypted file
  // cannot be filled, flattened and signed as a whole, which is what the library's documents are for.
  if (pdf.isEncrypted) throw encrypted();
  try {
    return pdf.getPageCount();
  } catch {
    throw pdfInvalid('damaged', 'This PDF is damaged and cannot be read');
  }
}

/**
 * Whether the bytes are a PDF the library can take: complete, readable by @libpdf/core, not encrypted,
 * with at least one page. The library is lenient (it rebuilds a broken cross-reference table, as
 * viewers do), so only a file cut short or beyond repair is called damaged.
 */
export async function checkPdf(bytes: Buffer): Promise<CheckedPdf> {
  if (!bytes.subarray(Math.max(0, bytes.length - markerWindow)).includes(endMarker)) {
    throw pdfInvalid('damaged', 'This PDF is incomplete');
  }
  const pageCount = await oneAtATime(() => countPages(bytes));
  if (pageCount < 1) throw pdfInvalid('noPages', 'This PDF has no pages');
  return { bytes, pageCount, sha256: createHash('sha256').update(bytes).digest('hex') };
}
