import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const minute = 60;
const hour = 3600;
const day = 86_400;
const month = 30.436875 * day;
const year = 365.2425 * day;

const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

// Each threshold of product-spec §9, on both sides, in the past and in the future, in both locales.
describe.each([
  {
    boundary: '44/45 seconds',
    below: 44,
    above: 45,
    en: ['44 seconds ago', 'in 44 seconds', '1 minute ago', 'in 1 minute'],
    de: ['vor 44 Sekunden', 'in 44 Sekunden', 'vor 1 Minute', 'in 1 Minute'],
  },
  {
    boundary: '44/45 minutes',
    below: 44 * minute,
    above: 45 * minute,
    en: ['44 minutes ago', 'in 44 minutes', '1 hour ago', 'in 1 hour'],
    de: ['vor 44 Minuten', 'in 44 Minuten', 'vor 1 Stunde', 'in 1 Stunde'],
  },
  {
    boundary: '21/22 hours',
    below: 21 * hour,
    above: 22 * hour,
    en: ['21 hours ago', 'in 21 hours', '1 day ago', 'in 1 day'],
    de: ['vor 21 Stunden', 'in 21 Stunden', 'vor 1 Tag', 'in 1 Tag'],
  },
  {
    boundary: '25/26 days',
    below: 25 * day,
    above: 26 * day,
    en: ['25 days ago', 'in 25 days', '1 month ago', 'in 1 month'],
    de: ['vor 25 Tagen', 'in 25 Tagen', 'vor 1 Monat', 'in 1 Monat'],
  },
  {
    boundary: '10/11 months',
    below: 10 * month,
    above: 11 * month,
    en: ['10 months ago', 'in 10 months', '1 year ago', 'in 1 year'],
    de: ['vor 10 Monaten', 'in 10 Monaten', 'vor 1 Jahr', 'in 1 Jahr'],
  },
])('formatRelativeTime at $boundary', ({ below, above, en, de }) => {
  it.each([
    ['en', en],
    ['de', de],
  ] as const)('when the locale is %s, switches to the next unit exactly there', (locale, expected) => {
    expect([
      formatRelativeTime(at(-below), now, locale),
      formatRelativeTime(at(below), now, locale),
      formatRelativeTime(at(-above), now, locale),
      formatRelativeTime(at(above), now, locale),
    ]).toEqual(expected);
  });
});

describe('formatRelativeTime', () => {
  it('when the date is the same second as now, says now', () => {
    expect(formatRelativeTime(at(0.4), now, 'en')).toBe('now');
    expect(formatRelativeTime(at(-0.4), now, 'de')).toBe('jetzt');
  });

  it('when a unit is not whole, rounds to the nearest', () => {
    expect(formatRelativeTime(at(-(90 * minute - 1)), now, 'en')).toBe('1 hour ago');
    expect(formatRelativeTime(at(-90 * minute), now, 'en')).toBe('2 hours ago');
  });

  it('when years are counted, rounds the exact distance, not the rounded months', () => {
    // 17.5 months are 1.46 years: one year, although 18 months would round to two.
    expect(formatRelativeTime(at(-17.5 * month), now, 'en')).toBe('1 year ago');
    expect(formatRelativeTime(at(2.6 * year), now, 'de')).toBe('in 3 Jahren');
  });
});
