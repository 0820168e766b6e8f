import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format-date';

const afternoon = new Date('2026-11-22T13:05:00Z');
const morning = new Date('2026-11-22T08:05:00Z');
const lateEvening = new Date('2026-11-22T23:30:00Z');

describe('formatDate', () => {
  it('when the locale is German, writes day.month.year the Austrian way', () => {
    expect(formatDate(afternoon, 'de', { timeZone: 'UTC' })).toBe('22.11.2026');
  });

  it('when the locale is English, writes month/day/year the US way', () => {
    expect(formatDate(afternoon, 'en', { timeZone: 'UTC' })).toBe('11/22/2026');
  });

  it('when a time zone is given, writes the day it is there', () => {
    expect(formatDate(lateEvening, 'de', { timeZone: 'Europe/Vienna' })).toBe('23.11.2026');
    expect(formatDate(lateEvening, 'en', { timeZone: 'America/New_York' })).toBe('11/22/2026');
  });
});

describe('formatTime', () => {
  it('when the locale is German, writes 24-hour times with two-digit hours', () => {
    expect(formatTime(morning, 'de', { timeZone: 'UTC' })).toBe('08:05');
    expect(formatTime(afternoon, 'de', { timeZone: 'Europe/Vienna' })).toBe('14:05');
  });

  it('when the locale is English, writes 12-hour times with AM and PM', () => {
    expect(formatTime(morning, 'en', { timeZone: 'UTC' })).toBe('8:05 AM');
    expect(formatTime(afternoon, 'en', { timeZone: 'America/New_York' })).toBe('8:05 AM');
    expect(formatTime(afternoon, 'en', { timeZone: 'UTC' })).toBe('1:05 PM');
  });
});

describe('formatDateTime', () => {
  it('when asked for both, writes the date and the time as each locale does', () => {
    expect(formatDateTime(afternoon, 'de', { timeZone: 'Europe/Vienna' })).toBe('22.11.2026, 14:05');
    expect(formatDateTime(afternoon, 'en', { timeZone: 'UTC' })).toBe('11/22/2026, 1:05 PM');
  });
});
