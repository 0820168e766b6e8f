import {
  type Color,
  grayscale,
  measureText,
  type PDF,
  type PDFImage,
  type PDFPage,
  type Standard14FontName,
  StandardFonts,
} from '@libpdf/core';
import { toWinAnsiText } from '../documents/sealing/pdf-text';

// Text flowing down A4 pages in the Standard 14 fonts, as the sealing's certificate page draws them
// (documents/sealing/certificate-page.ts), but of any length: lines wrap, and what does not fit on a
// page continues on the next. Every text passes through toWinAnsiText (pdf-text.ts says why there is no
// embedded font); whether some character had to become "?" is remembered for a note in the footer.

export const fonts = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
} as const;
export const muted = grayscale(0.35);
const rule = grayscale(0.8);

const pageSize = { width: 595.28, height: 841.89 };
const margin = 50;
const top = pageSize.height - margin;
/** Below it the footer: the document's name and the page number. */
const bottom = margin + 20;
const contentWidth = pageSize.width - 2 * margin;
const labelWidth = 160;
const columnGap = 14;
const valueLeft = margin + labelWidth + columnGap;
const valueWidth = pageSize.width - margin - valueLeft;
const rowGap = 7;

export type TextStyle = { font: Standard14FontName; size: number; color?: Color };
const lineHeightOf = (style: TextStyle) => style.size * 1.3;

/** The part of a row right of its label: lines of text (indented for a list) or a picture. */
export type ValuePart =
  | { kind: 'text'; text: string; style: TextStyle; indent?: number }
  | { kind: 'image'; png: Uint8Array; maxWidth: number; maxHeight: number };

/** The longest start of `word` no wider than `width`, at least one character. */
function fittingStart(word: string, style: TextStyle, width: number): string {
  const characters = Array.from(word);
  let count = 1;
  while (
    count < characters.length &&
    measureText(characters.slice(0, count + 1).join(''), style.font, style.size) <= width
  ) {
    count += 1;
  }
  return characters.slice(0, count).join('');
}

/**
 * WinAnsi `text` in lines no wider than `width`: broken at spaces, and a word longer than a line (a
 * link, a long number) broken inside, as a browser's `overflow-wrap: anywhere` does.
 */
export function wrapLine(text: string, style: TextStyle, width: number): string[] {
  const widthOf = (line: string) => measureText(line, style.font, style.size);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (widthOf(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (widthOf(rest) > width) {
      const start = fittingStart(rest, style, width);
      lines.push(start);
      rest = rest.slice(start.length);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/** A flow of text down the pages of `pdf`, one A4 page after another as they fill. */
export function createPdfFlow(pdf: PDF) {
  const pages: PDFPage[] = [];
  let page = pdf.addPage(pageSize);
  pages.push(page);
  let y = top;
  let isReplaced = false;
  const images = new Map<Uint8Array, PDFImage>();

  /** `text` as the fonts show it, in lines of at most `width`; its own line breaks are kept. */
  const linesOf = (text: string, style: TextStyle, width: number) =>
    text.split(/\r\n|\r|\n/).flatMap((paragraph) => {
      const shown = toWinAnsiText(paragraph);
      isReplaced ||= shown.isReplaced;
      return wrapLine(shown.text, style, width);
    });

  const newPage = () => {
    page = pdf.addPage(pageSize);
    pages.push(page);
    y = top;
  };
  /** Starts a new page unless `height` still fits on this one (and this one is not empty anyway). */
  const keep = (height: number) => {
    if (y - height < bottom && y < top) newPage();
  };
  const drawLine = (line: string, style: TextStyle, x: number, lineTop: number) =>
    page.drawText(line, { x, y: lineTop - style.size, font: style.font, size: style.size, color: style.color });

  /** Lines of text across the page (a title, a heading, a paragraph), breaking onto the next page. */
  function writeText(text: string, style: TextStyle, { indent = 0, keepWithNext = 0 } = {}) {
    const lines = linesOf(text, style, contentWidth - indent);
    keep(lineHeightOf(style) * Math.min(lines.length, 2) + keepWithNext);
    for (const line of lines) {
      keep(lineHeightOf(style));
      drawLine(line, style, margin + indent, y);
      y -= lineHeightOf(style);
    }
  }

  function imageOf(png: Uint8Array) {
    const known = images.get(png);
    if (known) return known;
    const embedded = pdf.embedPng(png);
    images.set(png, embedded);
    return embedded;
  }

  /** A value part as drawable lines, each with its height. */
  function unitsOf(part: ValuePart): { height: number; draw: (lineTop: number) => void }[] {
    if (part.kind === 'image') {
      const image = imageOf(part.png);
      const scale = Math.min(1, Math.min(part.maxWidth, valueWidth) / image.width, part.maxHeight / image.height);
      const [width, height] = [image.width * scale, image.height * scale];
      return [
        {
          height: height + 4,
          draw: (lineTop) => {
            page.drawImage(image, { x: valueLeft, y: lineTop - height, width, height });
            page.drawRectangle({
              x: valueLeft,
              y: lineTop - height,
              width,
              height,
              borderColor: rule,
              borderWidth: 0.5,
            });
          },
        },
      ];
    }
    const indent = part.indent ?? 0;
    return linesOf(part.text, part.style, valueWidth - indent).map((line) => ({
      height: lineHeightOf(part.style),
      draw: (lineTop: number) => drawLine(line, part.style, valueLeft + indent, lineTop),
    }));
  }

  /**
   * A label and its value side by side, as the submission's page lists them. The label stays whole on
   * the page where the row starts; a long value continues at the top of the next.
   */
  function writeRow(label: string, labelStyle: TextStyle, parts: ValuePart[]) {
    const labelLines = linesOf(label, labelStyle, labelWidth);
    const labelHeight = labelLines.length * lineHeightOf(labelStyle);
    const units = parts.flatMap(unitsOf);
    keep(Math.max(labelHeight, units[0]?.height ?? 0));
    const startPage = page;
    const rowTop = y;
    labelLines.forEach((line, index) => {
      drawLine(line, labelStyle, margin, rowTop - index * lineHeightOf(labelStyle));
    });
    for (const unit of units) {
      keep(unit.height);
      unit.draw(y);
      y -= unit.height;
    }
    if (page === startPage) y = Math.min(y, rowTop - labelHeight);
    y -= rowGap;
  }

  return {
    writeText,
    writeRow,
    /** Room above what follows. */
    space(height: number) {
      y -= height;
    },
    /** A thin line across the page, between sections. */
    writeRule() {
      keep(12);
      page.drawLine({ start: { x: margin, y: y - 4 }, end: { x: margin + contentWidth, y: y - 4 }, color: rule });
      y -= 12;
    },
    /**
     * The footer of every page, once all are known: `left` (the document's name), the page's number
     * as `pageLabel` says, and `replacedNote` above them if some character could not be shown.
     */
    finish({
      left,
      pageLabel,
      replacedNote,
    }: {
      left: string;
      pageLabel: (number: number, count: number) => string;
      replacedNote: string;
    }) {
      const style: TextStyle = { font: fonts.regular, size: 7.5, color: muted };
      const [shownLeft = ''] = linesOf(left, style, contentWidth * 0.7);
      pages.forEach((each, index) => {
        const number = pageLabel(index + 1, pages.length);
        const numberWidth = measureText(number, style.font, style.size);
        const baseline = margin - 4;
        each.drawText(shownLeft, { x: margin, y: baseline, font: style.font, size: style.size, color: muted });
        each.drawText(number, {
          x: margin + contentWidth - numberWidth,
          y: baseline,
          font: style.font,
          size: style.size,
          color: muted,
        });
        if (isReplaced) {
          each.drawText(replacedNote, { x: margin, y: baseline + 11, font: style.font, size: 7, color: muted });
        }
      });
    },
  };
}
