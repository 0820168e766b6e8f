import type { AvailabilityState, SchedulingSettings } from '@formwerk/contracts';

/** How far the time zone's wall clock is ahead of UTC at `instantMs`. */
function offsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
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

/**
 * The instant a wall-clock time (`2026-12-01T09:00`) names in a time zone. The second pass settles
 * times near a daylight-saving change on the offset that holds then.
 */
export function zonedTimeToInstant(localDateTime: string, timeZone: string): Date {
  const asUtc = Date.parse(`${localDateTime}:00Z`);
  const firstGuess = asUtc - offsetMs(asUtc, timeZone);
  return new Date(asUtc - offsetMs(firstGuess, timeZone));
}

/**
 * Whether a form takes answers at `now`: not before it opens, not after it closes, not beyond its
 * maximum number of submissions.
 */
export function availabilityOf(
  scheduling: SchedulingSettings,
  submissionCount: number,
  now: Date,
): { state: AvailabilityState; opensAt: Date | null } {
  const opensAt = scheduling.opensAt ? zonedTimeToInstant(scheduling.opensAt, scheduling.timeZone) : null;
  const closesAt = scheduling.closesAt ? zonedTimeToInstant(scheduling.closesAt, scheduling.timeZone) : null;
  if (opensAt && now < opensAt) return { state: 'notYetOpen', opensAt };
  if (closesAt && now >= closesAt) return { state: 'closed', opensAt };
  if (scheduling.maxSubmissions !== null && submissionCount >= scheduling.maxSubmissions) {
    return { state: 'full', opensAt };
  }
  return { state: 'open', opensAt };
}
