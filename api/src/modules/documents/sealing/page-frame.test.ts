import { PDF, PdfArray, PdfNumber, type PdfRef } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { placeBox } from './page-frame';

const corners = (...values: number[]) => new PdfArray(values.map((value) => PdfNumber.of(value)));
const field = { page: 0, x: 0.25, y: 0.5, width: 0.5, height: 0.25 };

describe('placeBox', () => {
  it('measures from the top left of the page as shown, on a page whose box does not start at 0 0', () => {
    const pdf = PDF.create();
    const page = pdf.addPage();
    page.dict.set('MediaBox', corners(100, 200, 500, 1000));
    const box = placeBox(pdf, page, field);
    expect({ width: box.width, height: box.height }).toEqual({ width: 200, height: 200 });
    expect(box.at(0, 0)).toEqual({ x: 200, y: 400 });
    expect(box.rotate(box.at(0, 0))).toBeUndefined();
  });

  it('takes a box given by any two opposite corners', () => {
    const pdf = PDF.create();
    const page = pdf.addPage();
    page.dict.set('MediaBox', corners(500, 1000, 100, 200));
    expect(placeBox(pdf, page, field).at(0, 0)).toEqual({ x: 200, y: 400 });
  });

  it('uses the MediaBox and /Rotate a page inherits from its page tree', () => {
    const pdf = PDF.create();
    const page = pdf.addPage();
    page.dict.delete('MediaBox');
    page.dict.delete('Rotate');
    const pages = pdf.getCatalog().getDict('Pages', (ref: PdfRef) => pdf.getObject(ref));
    pages?.set('MediaBox', corners(0, 0, 400, 800));
    pages?.set('Rotate', PdfNumber.of(-270));
    // Shown turned by 90°: 800 wide, 400 high; the shown lower left corner is the page's lower right.
    const box = placeBox(pdf, page, field);
    expect({ width: box.width, height: box.height }).toEqual({ width: 400, height: 100 });
    expect(box.at(0, 0)).toEqual({ x: 400 - 100, y: 200 });
    expect(box.at(10, 0)).toEqual({ x: 300, y: 210 });
    expect(box.rotate({ x: 1, y: 2 })).toEqual({ angle: 90, origin: { x: 1, y: 2 } });
  });

  it('shows a CropBox clipped to the MediaBox', () => {
    const pdf = PDF.create();
    const page = pdf.addPage();
    page.dict.set('MediaBox', corners(0, 0, 400, 400));
    page.dict.set('CropBox', corners(200, -100, 600, 300));
    const box = placeBox(pdf, page, { page: 0, x: 0, y: 0, width: 1, height: 1 });
    expect({ width: box.width, height: box.height, corner: box.at(0, 0) }).toEqual({
      width: 200,
      height: 300,
      corner: { x: 200, y: 0 },
    });
  });
});
