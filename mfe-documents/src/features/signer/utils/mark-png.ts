import { signingImageMaxBytes } from '@formwerk/contracts';
import { canvasToPng } from '../../signature-template/utils/canvas-image';

// A signature or initials goes to the api as a PNG in base64 of at most 256 KB (a saved mark or an
// uploaded photo may be up to 1 MB): a larger image is drawn again smaller until it fits.

async function shrink(png: Blob): Promise<Blob> {
  let image = png;
  const bitmap = await createImageBitmap(png);
  try {
    for (let scale = 0.7; image.size > signingImageMaxBytes && scale > 0.05; scale *= 0.7) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(bitmap.width * scale));
      canvas.height = Math.max(1, Math.floor(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      image = await canvasToPng(canvas);
    }
  } finally {
    bitmap.close();
  }
  if (image.size > signingImageMaxBytes) throw new Error('The image stays too large');
  return image;
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole image into one call passes the engine's argument limit.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** The PNG as the api takes a field's mark: base64, small enough. */
export async function toMarkValue(png: Blob): Promise<{ png: string }> {
  return { png: await toBase64(png.size > signingImageMaxBytes ? await shrink(png) : png) };
}
