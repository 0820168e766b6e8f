import { measureText, type Standard14FontName } from '@libpdf/core';

/**
 * Text drawn into sealed PDFs uses the Standard 14 fonts (Helvetica, Courier): every viewer has them,
 * nothing is embedded, and they cover WinAnsiEncoding (PDF 32000-1, Annex D), which is Latin-1 plus the
 * 27 characters below at 0x80–0x9F, so German, French or Scandinavian text comes out as typed.
 * A character beyond it (Cyrillic, Greek, CJK, most emoji) has no glyph there: @libpdf/core would write
 * it as byte 0, an invisible .notdef. We do not embed a Unicode font instead: none ships with the api,
 * production hosts have no /usr/share/fonts to rely on, and a CJK font would add megabytes to every
 * sealed file. So such a character becomes its compatibility form or its base letter where that is
 * WinAnsi ("ř" → "r", "ﬁ" → "fi"), else a visible "?"; the audit trail keeps every name exactly.
 */
const winAnsiBeyondLatin1 = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const replacementCharacter = '?';

const isWinAnsi = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiBeyondLatin1.includes(character);
};

const isAllWinAnsi = (text: string) => Array.from(text).every(isWinAnsi);

function toWinAnsiCharacter(character: string): string {
  if (isWinAnsi(character)) return character;
  // Line breaks and tabs would start new lines in drawText: every field and row is one line.
  if (/\s/u.test(character)) return ' ';
  const compatible = character.normalize('NFKC');
  if (isAllWinAnsi(compatible)) return compatible;
  const base = character.normalize('NFD').replace(/\p{M}/gu, '');
  if (base !== '' && isAllWinAnsi(base)) return base;
  return replacementCharacter;
}

export type WinAnsiText = { text: string; isReplaced: boolean };

/** `text` as the Standard 14 fonts can show it, and whether a character had to become "?". */
export function toWinAnsiText(text: string): WinAnsiText {
  let isReplaced = false;
  let result = '';
  for (const character of text) {
    const shown = toWinAnsiCharacter(character);
    if (shown === replacementCharacter && character !== replacementCharacter) isReplaced = true;
    result += shown;
  }
  return { text: result, isReplaced };
}

const ellipsis = '…';

/** The longest start of `text` that, with "…" after it, is at most `width` wide at `size`. */
function truncateToWidth(text: string, font: Standard14FontName, size: number, width: number): string {
  const characters = Array.from(text);
  let fitting = 0;
  let tooMany = characters.length;
  while (tooMany - fitting > 1) {
    const middle = Math.floor((fitting + tooMany) / 2);
    const candidate = `${characters.slice(0, middle).join('').trimEnd()}${ellipsis}`;
    if (measureText(candidate, font, size) <= width) fitting = middle;
    else tooMany = middle;
  }
  return fitting === 0 ? ellipsis : `${characters.slice(0, fitting).join('').trimEnd()}${ellipsis}`;
}

export type FittedText = { text: string; size: number };

/**
 * WinAnsi `text` on one line of `width` points: at `maxSize`, or smaller down to `minSize` for it to
 * fit, and cut with "…" if even that is too wide. Width grows linearly with the size, so the size is
 * found in one step.
 */
export function fitText(
  text: string,
  font: Standard14FontName,
  width: number,
  { maxSize, minSize }: { maxSize: number; minSize: number },
): FittedText {
  const widthAtOne = measureText(text, font, 1);
  if (widthAtOne * maxSize <= width) return { text, size: maxSize };
  const size = width / widthAtOne;
  if (size >= minSize) return { text, size };
  return { text: truncateToWidth(text, font, minSize, width), size: minSize };
}
