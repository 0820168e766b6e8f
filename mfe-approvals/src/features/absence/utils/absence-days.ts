// An absence is chosen in whole days of the browser's time zone; the api stores instants, `until`
// being the first moment after the absence (the midnight after its last day).

const pad = (value: number) => String(value).padStart(2, '0');

/** The day of `date` as `<input type="date">` writes it (yyyy-mm-dd). */
export function toDayText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The midnight that begins the day `dayText` (yyyy-mm-dd) names, or the one `dayOffset` days later. */
export function startOfDay(dayText: string, dayOffset = 0): Date {
  const [year = 0, month = 1, day = 1] = dayText.split('-').map(Number);
  const date = new Date(0);
  // setFullYear, unlike the Date constructor, keeps years below 100 as they are.
  date.setFullYear(year, month - 1, day + dayOffset);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** The last day an absence ending at the instant `until` covers. */
export const lastDayOf = (until: string) => new Date(Date.parse(until) - 1);
