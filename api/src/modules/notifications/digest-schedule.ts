import { notificationDigestHour } from '@formwerk/contracts';
import { hourMs } from '../../platform/expiring-documents';

/**
 * Users have no time zone of their own yet: the digest follows the Berlin clock, the product's home.
 * Daylight saving never moves 07:00 (the changes happen between 02:00 and 03:00).
 */
export const digestTimeZone = 'Europe/Berlin';
const dayMs = 86_400_000;

/** How far the time zone's wall clock is ahead of UTC at `instantMs`. */
function offsetMs(instantMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: digestTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant the digest of `day` (a Berlin calendar day counted from 1970) goes out: that morning at the digest hour. */
export function digestTimeOf(day: number): Date {
  const asUtc = day * dayMs + notificationDigestHour * hourMs;
  const firstGuess = asUtc - offsetMs(asUtc);
  return new Date(asUtc - offsetMs(firstGuess));
}

/**
 * The digest a notice of `now` goes into: the next one to go out. A digest lists what came in the day
 * before its morning, from the digest hour to the digest hour, so nothing waits longer than a day.
 */
export function digestDayOf(now: Date): number {
  const wallClock = new Date(now.getTime() + offsetMs(now.getTime()));
  const calendarDay = Math.floor(wallClock.getTime() / dayMs);
  return wallClock.getUTCHours() >= notificationDigestHour ? calendarDay + 1 : calendarDay;
}
