import { describe, expect, it } from 'vitest';
import { parseLocalDate, parseTwoDigitYear } from './parse-date';

describe('two-digit years', () => {
  it('map above 68 to 19xx and the rest to 20xx', () => {
    expect(parseTwoDigitYear(69)).toBe(1969);
    expect(parseTwoDigitYear(99)).toBe(1999);
    expect(parseTwoDigitYear(68)).toBe(2068);
    expect(parseTwoDigitYear(0)).toBe(2000);
  });
});

describe('parseLocalDate', () => {
  it('reads day.month.year in German and month/day/year in English', () => {
    expect(parseLocalDate('31.12.26', 'de')).toEqual(new Date(2026, 11, 31));
    expect(parseLocalDate('1.2.1969', 'de')).toEqual(new Date(1969, 1, 1));
    expect(parseLocalDate('12/31/69', 'en')).toEqual(new Date(1969, 11, 31));
    expect(parseLocalDate('02/03/2068', 'en')).toEqual(new Date(2068, 1, 3));
  });

  it('refuses dates that do not exist and the other locale’s order', () => {
    expect(parseLocalDate('31.02.26', 'de')).toBeUndefined();
    expect(parseLocalDate('29.02.2027', 'de')).toBeUndefined();
    expect(parseLocalDate('29.02.2028', 'de')).toEqual(new Date(2028, 1, 29));
    expect(parseLocalDate('31/12/26', 'en')).toBeUndefined();
    expect(parseLocalDate('12/31/26', 'de')).toBeUndefined();
  });
});
