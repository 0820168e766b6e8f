import { type PDF, type PDFImage, type PDFPage, Standard14Font, StandardFonts } from '@libpdf/core';
import { type PlacedBox, type Placement, placeBox } from './page-frame';
import { fitText, toWinAnsiText } from './pdf-text';

/** A field placed on the document and its value as the recipient gave it. */
export type SealField = Placement &
  (
    | { kind: 'text' | 'date' | 'name' | 'email'; value: string }
    | { kind: 'checkbox'; value: boolean }
    | { kind: 'signature' | 'initials'; value: { png: Uint8Array } }
  );

const font = StandardFonts.Helvetica;
const helvetica = Standard14Font.of(font);
// Helvetica's descender (its AFM: -207 of 1000): the baseline sits that far above the glyphs' bottom.
const descenderPerSize = 0.207;
// A value never grows past ordinary body text, however tall its box, and shrinks to 6 pt before it is
// cut: smaller is not legible on paper.
const maxFontSize = 12;
const minFontSize = 6;

/** The field's page, or a RangeError when the field is not within one of the document's pages. */
function pageOf(pages: readonly PDFPage[], field: SealField): PDFPage {
  const page = pages[field.page];
  if (!page) {
    throw new RangeError(`A ${field.kind} field is on page ${field.page + 1}, the document has ${pages.length}`);
  }
  // Fractions from a browser's arithmetic may pass 1 by a rounding error.
  const isInside = (start: number, size: number) => start >= 0 && size > 0 && start + size <= 1 + 1e-9;
  if (!isInside(field.x, field.width) || !isInside(field.y, field.height)) {
    throw new RangeError(`A ${field.kind} field on page ${field.page + 1} is not within the page`);
  }
  return page;
}

function drawTextValue(page: PDFPage, box: PlacedBox, value: string): void {
  const padding = Math.min(2, box.width * 0.1);
  const maxSize = Math.min(maxFontSize, helvetica.sizeAtHeight(box.height * 0.9));
  const fitted = fitText(toWinAnsiText(value).text, font, box.width - 2 * padding, {
    maxSize,
    minSize: Math.min(minFontSize, maxSize),
  });
  // The ascender-to-descender band centred in the box, as a form field's value sits in it.
  const baseline = (box.height - helvetica.heightAtSize(fitted.size)) / 2 + descenderPerSize * fitted.size;
  const origin = box.at(padding, baseline);
  page.drawText(fitted.text, { ...origin, font, size: fitted.size, rotate: box.rotate(origin) });
}

/** The image as large as fits in the box, its aspect ratio kept, centred. */
function drawImageValue(page: PDFPage, box: PlacedBox, image: PDFImage): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const origin = box.at((box.width - width) / 2, (box.height - height) / 2);
  page.drawImage(image, { ...origin, width, height, rotate: box.rotate(origin) });
}

/** A square outline, ticked when checked: the answer stays visible either way once the form is gone. */
function drawCheckboxValue(page: PDFPage, box: PlacedBox, isChecked: boolean): void {
  const side = Math.min(box.width, box.height) * 0.8;
  const left = (box.width - side) / 2;
  const bottom = (box.height - side) / 2;
  const thickness = Math.max(0.5, side / 16);
  const corner = box.at(left, bottom);
  page.drawRectangle({ ...corner, width: side, height: side, borderWidth: thickness, rotate: box.rotate(corner) });
  if (!isChecked) return;
  const start = box.at(left + side * 0.2, bottom + side * 0.5);
  const bend = box.at(left + side * 0.42, bottom + side * 0.25);
  const end = box.at(left + side * 0.8, bottom + side * 0.78);
  const stroke = { thickness: thickness * 1.8, lineCap: 'round' as const };
  page.drawLine({ start, end: bend, ...stroke });
  page.drawLine({ start: bend, end, ...stroke });
}

/**
 * Draws every field's value into its page's content: no form fields or annotations remain that a
 * viewer could change, which is what "flattened" means for a sealed file. A signature or initials image
 * given as the same bytes for several fields (initials on every page) is stored in the file once.
 */
export function drawFields(pdf: PDF, fields: readonly SealField[]): void {
  const images = new Map<Uint8Array, PDFImage>();
  const imageOf = (png: Uint8Array) => {
    const known = images.get(png);
    if (known) return known;
    const embedded = pdf.embedPng(png);
    images.set(png, embedded);
    return embedded;
  };
  const pages = pdf.getPages();
  for (const field of fields) {
    const page = pageOf(pages, field);
    const box = placeBox(pdf, page, field);
    switch (field.kind) {
      case 'checkbox':
        drawCheckboxValue(page, box, field.value);
        break;
      case 'signature':
      case 'initials':
        drawImageValue(page, box, imageOf(field.value.png));
        break;
      default:
        drawTextValue(page, box, field.value);
    }
  }
}
