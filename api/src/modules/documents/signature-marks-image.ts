import type { Readable } from 'node:stream';
import { signatureMarkMaxHeight, signatureMarkMaxWidth, type ValidationDetails } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';

export type CheckedImage = { bytes: Buffer; width: number; height: number };

// PNG (https://www.w3.org/TR/png-3/): an 8-byte signature, then the IHDR chunk first (length 13, type,
// width and height as 4-byte big-endian numbers), and the IEND chunk last (length 0, type, CRC).
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = Buffer.from('IHDR');
const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const headerLength = 8 + 8 + 13 + 4;

const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', 413, 'The image is larger than allowed here', { maxBytes });
const notPng = () => new AppError('FILE_TYPE_NOT_ALLOWED', 415, 'A signature is stored as a PNG image');
const invalid = (code: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, {
    issues: [{ path: ['image'], code, message }],
  } satisfies ValidationDetails);

/**
 * The request body, whole, up to `maxBytes`: refused as soon as it passes the size (or says it will),
 * and the rest is read and dropped so the answer can be sent. Nothing is stored yet.
 */
export function readImageBody(input: Readable, maxBytes: number, declaredLength: number | undefined): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    input.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      input.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      input.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge(maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    const onError = (error: Error) => reject(error);
    // A client that goes away mid-upload: the body never ends, and what was read is let go.
    const onClose = () => {
      if (!input.readableEnded) reject(new Error('The upload was broken off'));
    };
    input.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/**
 * Whether the bytes are a whole PNG of a size a signature may have, told by its first and last bytes
 * (never by the Content-Type the browser sent): the header's width and height, and the end chunk.
 * The browser made the PNG (drawn, typed, or an upload redrawn on a canvas); the api never decodes it.
 */
export function checkSignatureImage(bytes: Buffer): CheckedImage {
  if (!bytes.subarray(0, pngSignature.length).equals(pngSignature)) throw notPng();
  if (bytes.length < headerLength + iend.length || !bytes.subarray(12, 16).equals(ihdr)) {
    throw invalid('damaged', 'The PNG is damaged');
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1) throw invalid('damaged', 'The PNG has no pixels');
  if (width > signatureMarkMaxWidth || height > signatureMarkMaxHeight) {
    throw invalid(
      'too_big',
      `A signature image is at most ${signatureMarkMaxWidth} × ${signatureMarkMaxHeight} pixels, this is ${width} × ${height}`,
    );
  }
  if (!bytes.subarray(bytes.length - iend.length).equals(iend)) throw invalid('damaged', 'The PNG is incomplete');
  return { bytes, width, height };
}
