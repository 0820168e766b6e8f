import {
  type PDF,
  type PDFPage,
  PdfArray,
  type PdfDict,
  PdfNumber,
  type PdfObject,
  type PdfRef,
  type Rotation,
} from '@libpdf/core';

/** Where a field sits, as fractions (0..1) of the page as a viewer shows it, measured from its top left. */
export type Placement = { page: number; x: number; y: number; width: number; height: number };

type Point = { x: number; y: number };
type Box = { left: number; bottom: number; right: number; top: number };
type QuarterTurn = 0 | 90 | 180 | 270;

/**
 * A field's box on its page, in PDF points, upright as the reader sees it. `at(dx, dy)` is the page's
 * own coordinates of a point `dx` right of and `dy` above the box's lower left corner; drawing there
 * with `rotate(point)` turns text and images with the page, so they read upright in a viewer.
 */
export type PlacedBox = {
  width: number;
  height: number;
  at: (dx: number, dy: number) => Point;
  rotate: (origin: Point) => Rotation | undefined;
};

// Page trees are shallow; a deeper chain of /Parent is a broken or hostile file, not a page.
const maxTreeDepth = 64;
const letter: Box = { left: 0, bottom: 0, right: 612, top: 792 };

const resolverOf = (pdf: PDF) => (ref: PdfRef) => pdf.getObject(ref);

/**
 * The page's entry `key`, from the page or the nearest page tree node above it: /MediaBox, /CropBox and
 * /Rotate are inherited (PDF 32000-1 §7.7.3.4). Read here rather than through PDFPage.getMediaBox(),
 * getCropBox() and rotation, which in @libpdf/core 0.4.2 read the page alone and take a box's second
 * corner for its size (https://github.com/LibPDF-js/core/issues/81), misplacing every field on a page
 * whose box does not start at 0 0.
 */
function inheritedEntry(pdf: PDF, page: PDFPage, key: string): PdfObject | undefined {
  const resolve = resolverOf(pdf);
  let node: PdfDict | undefined = page.dict;
  for (let depth = 0; node && depth < maxTreeDepth; depth += 1) {
    const value = node.get(key, resolve);
    if (value !== undefined) return value;
    node = node.getDict('Parent', resolve);
  }
  return undefined;
}

/** A rectangle entry as its corners; any two opposite corners, in any order, describe it. */
function boxOf(pdf: PDF, entry: PdfObject | undefined): Box | undefined {
  if (!(entry instanceof PdfArray) || entry.length !== 4) return undefined;
  const resolve = resolverOf(pdf);
  const values = [0, 1, 2, 3].map((index) => {
    const item = entry.at(index, resolve);
    return item instanceof PdfNumber ? item.value : Number.NaN;
  });
  const [x1 = Number.NaN, y1 = Number.NaN, x2 = Number.NaN, y2 = Number.NaN] = values;
  if (!values.every(Number.isFinite) || x1 === x2 || y1 === y2) return undefined;
  return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}

/**
 * What a viewer shows of a page: its CropBox clipped to its MediaBox (§14.11.2), the MediaBox when it
 * has no CropBox, and Letter, as viewers assume, when it has neither.
 */
function visibleBox(pdf: PDF, page: PDFPage): Box {
  const media = boxOf(pdf, inheritedEntry(pdf, page, 'MediaBox')) ?? letter;
  const crop = boxOf(pdf, inheritedEntry(pdf, page, 'CropBox')) ?? media;
  const clipped = {
    left: Math.max(media.left, crop.left),
    bottom: Math.max(media.bottom, crop.bottom),
    right: Math.min(media.right, crop.right),
    top: Math.min(media.top, crop.top),
  };
  return clipped.left < clipped.right && clipped.bottom < clipped.top ? clipped : media;
}

/** /Rotate as a quarter turn; the specification allows multiples of 90 only, negative ones too. */
function rotationOf(pdf: PDF, page: PDFPage): QuarterTurn {
  const entry = inheritedEntry(pdf, page, 'Rotate');
  const degrees = entry instanceof PdfNumber ? (((Math.round(entry.value / 90) * 90) % 360) + 360) % 360 : 0;
  return degrees as QuarterTurn;
}

/**
 * The box of `placement` on `page`. A page's /Rotate turns it clockwise for display, so the reader's
 * "right" and "up" are the page's own axes turned counter-clockwise by that angle, starting from the
 * corner that is shown at the lower left; positions given on the shown page thus land where the
 * reader placed them on any page size, offset or rotation.
 */
export function placeBox(pdf: PDF, page: PDFPage, placement: Placement): PlacedBox {
  const box = visibleBox(pdf, page);
  const angle = rotationOf(pdf, page);
  const isTurned = angle === 90 || angle === 270;
  const width = box.right - box.left;
  const height = box.top - box.bottom;
  const shownWidth = isTurned ? height : width;
  const shownHeight = isTurned ? width : height;
  const radians = (angle * Math.PI) / 180;
  // Exact for quarter turns: Math.cos(π/2) is 6e-17, not 0.
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  const right = { x: cos, y: sin };
  const up = { x: -sin, y: cos };
  const shownLowerLeftCorners: Record<QuarterTurn, Point> = {
    0: { x: box.left, y: box.bottom },
    90: { x: box.right, y: box.bottom },
    180: { x: box.right, y: box.top },
    270: { x: box.left, y: box.top },
  };
  const corner = shownLowerLeftCorners[angle];
  const left = placement.x * shownWidth;
  const bottom = (1 - placement.y - placement.height) * shownHeight;
  return {
    width: placement.width * shownWidth,
    height: placement.height * shownHeight,
    at: (dx, dy) => ({
      x: corner.x + (left + dx) * right.x + (bottom + dy) * up.x,
      y: corner.y + (left + dx) * right.y + (bottom + dy) * up.y,
    }),
    rotate: (origin) => (angle === 0 ? undefined : { angle, origin }),
  };
}
