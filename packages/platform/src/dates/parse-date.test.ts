import { describe, expect, it } from 'vitest';
import { parseLocalDate, parseTwoDigitYear } from './parse-date';

describe('parseTwoDigitYear', () => {
  it.each([
    [0, 2000],
    [26, 2026],
    [68, 2068],
    [69, 1969],
    [99, 1999],
  ])('when the year is %i, returns %i', (twoDigits, year) => {
    expect(parseTwoDigitYear(twoDigits)).toBe(year);
  });
});

describe('parseLocalDate', () => {
  it('when the locale is German, reads day.month.year with two or four digits', () => {
    expect(parseLocalDate('31.12.26', 'de')).toEqual(new Date(2026, 11, 31));
    expect(parseLocalDate('1.2.1969', 'de')).toEqual(new Date(1969, 1, 1));
    expect(parseLocalDate(' 01.01.00 ', 'de')).toEqual(new Date(2000, 0, 1));
  });

  it('when the locale is English, reads month/day/year with two or four digits', () => {
    expect(parseLocalDate('12/31/69', 'en')).toEqual(new Date(1969, 11, 31));
    expect(parseLocalDate('02/03/68', 'en')).toEqual(new Date(2068, 1, 3));
    expect(parseLocalDate('2/3/2068', 'en')).toEqual(new Date(2068, 1, 3));
  });

  it('when the year has four digits below 100, keeps it as written', () => {
    expect(parseLocalDate('01.01.0050', 'de')?.getFullYear()).toBe(50);
  });

  it.each([
    ['31.02.26', 'de'],
    ['29.02.2027', 'de'],
    ['00.01.26', 'de'],
    ['01.13.26', 'de'],
    ['02/30/26', 'en'],
  ] as const)('when the day %s does not exist (%s), returns undefined', (text, locale) => {
    expect(parseLocalDate(text, locale)).toBeUndefined();
  });

  it('when the year is a leap year, accepts 29 February', () => {
    expect(parseLocalDate('29.02.2028', 'de')).toEqual(new Date(2028, 1, 29));
  });

  it.each([
    ['12/31/26', 'de'],
    ['31/12/26', 'en'],
    ['31.12.26', 'en'],
    ['31.12.026', 'de'],
    ['31.12.', 'de'],
    ['', 'de'],
  ] as const)('when the text %j is not in the locale’s form (%s), returns undefined', (text, locale) => {
    expect(parseLocalDate(text, locale)).toBeUndefined();
  });
});
