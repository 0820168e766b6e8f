import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format-date';

const date = new Date('2026-11-22T13:05:00Z');

describe('formatting by locale', () => {
  it('writes dates the Austrian and the US way', () => {
    expect(formatDate(date, 'de', { timeZone: 'Europe/Vienna' })).toBe('22.11.2026');
    expect(formatDate(date, 'en', { timeZone: 'America/New_York' })).toBe('11/22/2026');
  });

  it('writes times in 24 h for German and 12 h for English, in the given time zone', () => {
    expect(formatTime(date, 'de', { timeZone: 'Europe/Vienna' })).toBe('14:05');
    expect(formatTime(date, 'en', { timeZone: 'UTC' })).toBe('01:05 PM');
    expect(formatDateTime(date, 'de', { timeZone: 'UTC' })).toBe('22.11.2026, 13:05');
  });
});
