import { signatureMarkMaxBytes } from '@formwerk/contracts';
import { canvasToPng, cropCanvas, fittingScale, inkBoxOf } from './canvas-image';

const acceptedTypes = new Set(['image/png', 'image/jpeg']);
/** How light a pixel must be to count as the paper's white (of 255 in each channel). */
const whiteThreshold = 235;

/** Why an image cannot be taken, by the page's error codes. */
export class UploadProblem extends Error {
  constructor(readonly code: 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'UNREADABLE_IMAGE') {
    super(code);
  }
}

/** Whether the file may be taken at all, before it is read: a PNG or JPEG of at most 1 MB. */
export function checkUploadFile(file: File): void {
  if (!acceptedTypes.has(file.type)) throw new UploadProblem('FILE_TYPE_NOT_ALLOWED');
  if (file.size > signatureMarkMaxBytes) throw new UploadProblem('FILE_TOO_LARGE');
}

async function decode(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new UploadProblem('UNREADABLE_IMAGE');
  }
}

/**
 * The uploaded PNG or JPEG redrawn as a PNG the api takes: scaled down to fit 2000 × 1000, with its white
 * paper made transparent when asked (so it sits on a document's lines), cut to what is left.
 */
export async function prepareUpload(
  file: File,
  { isWhiteTransparent }: { isWhiteTransparent: boolean },
): Promise<Blob> {
  checkUploadFile(file);
  const bitmap = await decode(file);
  const scale = fittingScale(bitmap.width, bitmap.height, 1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(bitmap.width * scale));
  canvas.height = Math.max(1, Math.floor(bitmap.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new UploadProblem('UNREADABLE_IMAGE');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  if (isWhiteTransparent) {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const { data } = pixels;
    for (let index = 0; index < data.length; index += 4) {
      const isWhite =
        (data[index] ?? 0) >= whiteThreshold &&
        (data[index + 1] ?? 0) >= whiteThreshold &&
        (data[index + 2] ?? 0) >= whiteThreshold;
      if (isWhite) data[index + 3] = 0;
    }
    context.putImageData(pixels, 0, 0);
  }
  const box = inkBoxOf(context, canvas.width, canvas.height);
  if (!box) throw new UploadProblem('UNREADABLE_IMAGE');
  const png = await canvasToPng(cropCanvas(canvas, box, 0));
  // A photo redrawn losslessly can outgrow the limit; the api would refuse it, so say it here.
  if (png.size > signatureMarkMaxBytes) throw new UploadProblem('FILE_TOO_LARGE');
  return png;
}
