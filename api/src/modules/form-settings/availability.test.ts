import { describe, expect, it } from 'vitest';
import { availabilityOf, zonedTimeToInstant } from './availability';

const scheduling = {
  opensAt: null,
  closesAt: null,
  timeZone: 'Europe/Berlin',
  maxSubmissions: null,
  closedMessage: '',
};

describe('wall-clock times in a time zone', () => {
  it('are read with the offset that holds on that day, summer or winter', () => {
    expect(zonedTimeToInstant('2026-01-15T09:00', 'Europe/Berlin').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-15T09:00', 'Europe/Berlin').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-15T09:00', 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-15T09:00', 'UTC').toISOString()).toBe('2026-07-15T09:00:00.000Z');
  });

  it('settle a time the clocks skip in spring on an instant after the change', () => {
    // 02:30 does not exist in Berlin on 2026-03-29; it is read as 03:30 summer time (01:30 UTC).
    expect(zonedTimeToInstant('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('whether a form takes answers', () => {
  const now = new Date('2026-06-01T10:00:00Z');

  it('is open without a schedule, and until its limit is reached', () => {
    expect(availabilityOf(scheduling, 0, now).state).toBe('open');
    expect(availabilityOf({ ...scheduling, maxSubmissions: 3 }, 2, now).state).toBe('open');
    expect(availabilityOf({ ...scheduling, maxSubmissions: 3 }, 3, now).state).toBe('full');
  });

  it('is not yet open before the opening and closed from the closing on', () => {
    const opens = { ...scheduling, opensAt: '2026-06-01T12:30' };
    expect(availabilityOf(opens, 0, now)).toEqual({ state: 'notYetOpen', opensAt: new Date('2026-06-01T10:30:00Z') });
    expect(availabilityOf({ ...scheduling, closesAt: '2026-06-01T12:00' }, 0, now).state).toBe('closed');
    expect(availabilityOf({ ...scheduling, closesAt: '2026-06-01T12:01' }, 0, now).state).toBe('open');
  });
});
