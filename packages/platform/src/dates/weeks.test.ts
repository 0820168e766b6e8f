import { describe, expect, it } from 'vitest';
import { getWeekdayNames, getWeekNumber, getWeekStart } from './weeks';

// Noon local time, so that no time zone moves the day.
const day = (iso: string) => new Date(`${iso}T12:00:00`);
const toIsoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('getWeekStart', () => {
  // 22 November 2026 is a Sunday.
  it('when the locale is German, starts the week on the Monday before', () => {
    expect(toIsoDay(getWeekStart(day('2026-11-22'), 'de'))).toBe('2026-11-16');
    expect(toIsoDay(getWeekStart(day('2026-11-23'), 'de'))).toBe('2026-11-23');
  });

  it('when the locale is English, starts the week on the Sunday before', () => {
    expect(toIsoDay(getWeekStart(day('2026-11-22'), 'en'))).toBe('2026-11-22');
    expect(toIsoDay(getWeekStart(day('2026-11-21'), 'en'))).toBe('2026-11-15');
  });

  it('when the week started in the previous year, returns that day at local midnight', () => {
    const start = getWeekStart(day('2027-01-01'), 'de');
    expect(toIsoDay(start)).toBe('2026-12-28');
    expect([start.getHours(), start.getMinutes()]).toEqual([0, 0]);
  });
});

describe('getWeekNumber in German (ISO 8601: Monday, week 1 contains 4 January)', () => {
  it.each([
    ['2025-12-28', 52], // Sunday before 2026's week 1
    ['2025-12-29', 1], // Monday of 2026's week 1, still in 2025
    ['2026-01-01', 1],
    ['2026-01-04', 1], // Sunday: 4 January is always in week 1
    ['2026-01-05', 2],
    ['2026-12-28', 53], // 2026 has 53 weeks: it starts on a Thursday
    ['2026-12-31', 53],
    ['2027-01-01', 53], // Friday: still 2026's last week
    ['2027-01-03', 53],
    ['2027-01-04', 1],
    ['2020-12-31', 53], // 2020 has 53 weeks: a leap year that starts on a Wednesday
    ['2021-01-03', 53],
    ['2021-01-04', 1],
    ['2025-12-31', 1], // a year of 52 weeks ends in the next year's week 1
  ])('when the date is %s, returns week %i', (iso, week) => {
    expect(getWeekNumber(day(iso), 'de')).toBe(week);
  });
});

describe('getWeekNumber in English (US: Sunday, week 1 contains 1 January)', () => {
  it.each([
    ['2026-01-01', 1], // Thursday
    ['2026-01-03', 1], // Saturday
    ['2026-01-04', 2], // Sunday starts week 2
    ['2026-12-26', 52],
    ['2026-12-27', 1], // Sunday of the week that contains 1 January 2027
    ['2026-12-31', 1],
    ['2027-01-01', 1],
    ['2027-01-02', 1],
    ['2027-01-03', 2],
    ['2022-12-31', 53], // 2022 has 53 weeks: it starts on a Saturday and 2023 on a Sunday
    ['2023-01-01', 1],
    ['2020-12-26', 52],
    ['2020-12-31', 1],
  ])('when the date is %s, returns week %i', (iso, week) => {
    expect(getWeekNumber(day(iso), 'en')).toBe(week);
  });
});

describe('getWeekNumber across a whole week', () => {
  it.each([
    ['de', '2026-12-28'],
    ['en', '2026-12-27'],
  ] as const)('when the locale is %s, gives every day of the week from %s one number', (locale, first) => {
    const start = day(first);
    const numbers = Array.from({ length: 7 }, (_, index) =>
      getWeekNumber(new Date(start.getFullYear(), start.getMonth(), start.getDate() + index, 12), locale),
    );
    expect(new Set(numbers).size).toBe(1);
  });
});

describe('getWeekdayNames', () => {
  it('when the locale is German, lists the days from Monday', () => {
    expect(getWeekdayNames('de', 'long')).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
  });

  it('when the locale is English, lists the days from Sunday', () => {
    expect(getWeekdayNames('en')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});
