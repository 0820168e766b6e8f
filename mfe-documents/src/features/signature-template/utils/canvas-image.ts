import { signatureMarkMaxHeight, signatureMarkMaxWidth } from '@formwerk/contracts';

export type Box = { left: number; top: number; width: number; height: number };

/** The scale that fits `width` × `height` into what the api stores, never enlarging past `preferred`. */
export const fittingScale = (width: number, height: number, preferred: number) =>
  Math.min(preferred, signatureMarkMaxWidth / width, signatureMarkMaxHeight / height);

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png'),
  );
}

/** The box of the pixels that are not fully transparent, or null for an empty canvas. */
export function inkBoxOf(context: CanvasRenderingContext2D, width: number, height: number): Box | null {
  const { data } = context.getImageData(0, 0, width, height);
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** A new canvas holding `box` of `source`, with a few pixels of room around the ink. */
export function cropCanvas(source: HTMLCanvasElement, box: Box, margin = 4): HTMLCanvasElement {
  const cropped = document.createElement('canvas');
  cropped.width = box.width + margin * 2;
  cropped.height = box.height + margin * 2;
  cropped
    .getContext('2d')
    ?.drawImage(source, box.left, box.top, box.width, box.height, margin, margin, box.width, box.height);
  return cropped;
}
