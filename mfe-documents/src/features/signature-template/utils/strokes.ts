import { canvasToPng, fittingScale } from './canvas-image';

export type Point = { x: number; y: number; pressure: number };
export type Stroke = { color: string; points: Point[] };

/** The pen's width in CSS pixels; a pen's pressure varies it a little, a mouse's is 0.5. */
const penWidth = 2.6;
const widthAt = (point: Point) => penWidth * (0.6 + 0.8 * point.pressure);

/** Draws the strokes, in the coordinates they were taken in. */
export function drawStrokes(context: CanvasRenderingContext2D, strokes: Stroke[]): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    context.strokeStyle = stroke.color;
    context.fillStyle = stroke.color;
    const [first] = stroke.points;
    if (!first) continue;
    if (stroke.points.length === 1) {
      // A tap leaves a dot (the i's, a full stop).
      context.beginPath();
      context.arc(first.x, first.y, widthAt(first) / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    for (let index = 1; index < stroke.points.length; index += 1) {
      const from = stroke.points[index - 1] as Point;
      const to = stroke.points[index] as Point;
      context.lineWidth = widthAt(to);
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
      context.stroke();
    }
  }
}

/** The box the ink covers, with the pen's own width around the points. */
export function strokesBox(strokes: Stroke[]) {
  const points = strokes.flatMap((stroke) => stroke.points);
  if (points.length === 0) return null;
  const reach = penWidth * 1.4;
  const left = Math.min(...points.map((point) => point.x)) - reach;
  const top = Math.min(...points.map((point) => point.y)) - reach;
  const right = Math.max(...points.map((point) => point.x)) + reach;
  const bottom = Math.max(...points.map((point) => point.y)) + reach;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The drawing as a PNG cut to the ink's box, at twice the size it was drawn (sharp when printed and on
 * dense screens) unless that would pass what the api stores.
 */
export async function renderStrokes(strokes: Stroke[]): Promise<Blob> {
  const box = strokesBox(strokes);
  if (!box) throw new Error('Nothing drawn');
  const scale = fittingScale(box.width, box.height, 2);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(box.width * scale));
  canvas.height = Math.max(1, Math.floor(box.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.scale(scale, scale);
  context.translate(-box.left, -box.top);
  drawStrokes(context, strokes);
  return canvasToPng(canvas);
}
