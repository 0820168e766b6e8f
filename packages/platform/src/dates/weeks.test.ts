import { describe, expect, it } from 'vitest';
import { getWeekdayNames, getWeekNumber, getWeekStart } from './weeks';

const day = (iso: string) => new Date(`${iso}T12:00:00`);

describe('weeks', () => {
  it('start on Monday in German and on Sunday in English', () => {
    // 22 November 2026 is a Sunday.
    expect(getWeekStart(day('2026-11-22'), 'de').getDate()).toBe(16);
    expect(getWeekStart(day('2026-11-22'), 'en').getDate()).toBe(22);
    expect(getWeekStart(day('2026-11-23'), 'de').getDate()).toBe(23);
    expect(getWeekStart(day('2026-11-21'), 'en').getDate()).toBe(15);
  });

  it('are numbered by ISO 8601 in German: week 1 contains 4 January', () => {
    expect(getWeekNumber(day('2026-01-01'), 'de')).toBe(1); // Thursday
    expect(getWeekNumber(day('2027-01-03'), 'de')).toBe(53); // Sunday: still 2026's last week
    expect(getWeekNumber(day('2027-01-04'), 'de')).toBe(1);
    expect(getWeekNumber(day('2026-12-31'), 'de')).toBe(53); // 2026 has 53 ISO weeks
    expect(getWeekNumber(day('2021-01-03'), 'de')).toBe(53); // belongs to 2020's week 53
    expect(getWeekNumber(day('2025-12-29'), 'de')).toBe(1); // Monday of 2026's week 1
    expect(getWeekNumber(day('2025-12-28'), 'de')).toBe(52);
  });

  it('are numbered the US way in English: week 1 contains 1 January', () => {
    expect(getWeekNumber(day('2026-01-01'), 'en')).toBe(1);
    expect(getWeekNumber(day('2026-01-03'), 'en')).toBe(1); // Saturday
    expect(getWeekNumber(day('2026-01-04'), 'en')).toBe(2); // Sunday starts week 2
    expect(getWeekNumber(day('2026-12-31'), 'en')).toBe(53);
  });

  it('lists weekday names from the first day of the week', () => {
    expect(getWeekdayNames('de', 'long')[0]).toBe('Montag');
    expect(getWeekdayNames('de', 'long')[6]).toBe('Sonntag');
    expect(getWeekdayNames('en', 'long')[0]).toBe('Sunday');
    expect(getWeekdayNames('en', 'long')[6]).toBe('Saturday');
  });
});
