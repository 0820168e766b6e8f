import { measureText } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { fitText, toWinAnsiText } from './pdf-text';

describe('toWinAnsiText', () => {
  it('keeps German, French and Scandinavian letters and typographic quotes as typed', () => {
    expect(toWinAnsiText('Größe „Zoë“ Ødegård – 5 €')).toEqual({
      text: 'Größe „Zoë“ Ødegård – 5 €',
      isReplaced: false,
    });
  });

  it('shows a letter with an accent the fonts lack as its base letter, a ligature as its letters', () => {
    expect(toWinAnsiText('Dvořák ﬁnal')).toEqual({ text: 'Dvorák final', isReplaced: false });
  });

  it('replaces what has no WinAnsi form with "?" and says so', () => {
    expect(toWinAnsiText('Zoë Ødegård 李 Иван')).toEqual({ text: 'Zoë Ødegård ? ????', isReplaced: true });
  });

  it('puts every line break and tab on one line, as spaces', () => {
    expect(toWinAnsiText('Zeile 1\r\nZeile 2\tEnde\u202Fx')).toEqual({
      text: 'Zeile 1  Zeile 2 Ende x',
      isReplaced: false,
    });
  });
});

describe('fitText', () => {
  const sizes = { maxSize: 12, minSize: 6 };

  it('keeps a text that fits at the largest size', () => {
    expect(fitText('Kurz', 'Helvetica', 200, sizes)).toEqual({ text: 'Kurz', size: 12 });
  });

  it('shrinks a text to the width it has', () => {
    const width = measureText('Etwas länger', 'Helvetica', 9);
    const fitted = fitText('Etwas länger', 'Helvetica', width, sizes);
    expect(fitted.text).toBe('Etwas länger');
    expect(fitted.size).toBeCloseTo(9, 5);
  });

  it('cuts a text too long even at the smallest size, ending with an ellipsis within the width', () => {
    const fitted = fitText('Ein sehr langer Vermerk, der nicht passt', 'Helvetica', 60, sizes);
    expect(fitted.size).toBe(6);
    expect(fitted.text).toMatch(/^Ein sehr .*…$/);
    expect(measureText(fitted.text, 'Helvetica', 6)).toBeLessThanOrEqual(60);
    expect(measureText(`${fitted.text.slice(0, -1)}x…`, 'Helvetica', 6)).toBeGreaterThan(60);
  });
});
