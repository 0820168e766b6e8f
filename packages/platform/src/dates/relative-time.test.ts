import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const ahead = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const minute = 60;
const hour = 3600;
const dayLength = 86_400;

describe('relative time at every threshold', () => {
  it('counts seconds up to 44, then minutes', () => {
    expect(formatRelativeTime(ago(44), now, 'en')).toBe('44 seconds ago');
    expect(formatRelativeTime(ago(45), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(ago(44), now, 'de')).toBe('vor 44 Sekunden');
    expect(formatRelativeTime(ago(45), now, 'de')).toBe('vor 1 Minute');
  });

  it('counts minutes under 45, then hours', () => {
    expect(formatRelativeTime(ago(44 * minute), now, 'en')).toBe('44 minutes ago');
    expect(formatRelativeTime(ago(45 * minute), now, 'en')).toBe('1 hour ago');
    expect(formatRelativeTime(ahead(44 * minute), now, 'de')).toBe('in 44 Minuten');
    expect(formatRelativeTime(ahead(45 * minute), now, 'de')).toBe('in 1 Stunde');
  });

  it('counts hours under 22, then days', () => {
    expect(formatRelativeTime(ago(21 * hour), now, 'en')).toBe('21 hours ago');
    expect(formatRelativeTime(ago(22 * hour), now, 'en')).toBe('1 day ago');
    expect(formatRelativeTime(ago(21 * hour), now, 'de')).toBe('vor 21 Stunden');
    expect(formatRelativeTime(ago(22 * hour), now, 'de')).toBe('vor 1 Tag');
  });

  it('counts days under 26, then months', () => {
    expect(formatRelativeTime(ago(25 * dayLength), now, 'en')).toBe('25 days ago');
    expect(formatRelativeTime(ago(26 * dayLength), now, 'en')).toBe('1 month ago');
    expect(formatRelativeTime(ahead(25 * dayLength), now, 'de')).toBe('in 25 Tagen');
    expect(formatRelativeTime(ahead(26 * dayLength), now, 'de')).toBe('in 1 Monat');
  });

  it('counts months under 11, then years', () => {
    const month = 30.436875 * dayLength;
    expect(formatRelativeTime(ago(10 * month), now, 'en')).toBe('10 months ago');
    expect(formatRelativeTime(ago(11 * month), now, 'en')).toBe('1 year ago');
    expect(formatRelativeTime(ago(10 * month), now, 'de')).toBe('vor 10 Monaten');
    expect(formatRelativeTime(ago(11 * month), now, 'de')).toBe('vor 1 Jahr');
    expect(formatRelativeTime(ago(30 * month), now, 'en')).toBe('3 years ago');
  });
});
