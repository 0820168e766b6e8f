import type { SignatureFont } from '@formwerk/contracts';
import { canvasToPng, cropCanvas, fittingScale, inkBoxOf } from './canvas-image';
import { fontFamilyOf, loadHandwritingFonts } from './handwriting-fonts';

const fontSize = 96;

/** The typed text set in the handwriting font, as a PNG cut to its ink on a transparent ground. */
export async function renderTypedMark(text: string, font: SignatureFont, color: string): Promise<Blob> {
  await loadHandwritingFonts();
  const family = fontFamilyOf(font);
  const probe = document.createElement('canvas').getContext('2d');
  if (!probe) throw new Error('No canvas');
  probe.font = `${fontSize}px ${family}`;
  // Handwriting swashes reach past the advance width: room on every side, then cut to the ink.
  const width = Math.ceil(probe.measureText(text).width + fontSize);
  const height = Math.ceil(fontSize * 2);
  const scale = fittingScale(width, height, 1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(width * scale));
  canvas.height = Math.max(1, Math.floor(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.scale(scale, scale);
  context.font = `${fontSize}px ${family}`;
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.fillText(text, fontSize / 2, height / 2);
  const box = inkBoxOf(context, canvas.width, canvas.height);
  if (!box) throw new Error('Nothing to save');
  return canvasToPng(cropCanvas(canvas, box));
}
