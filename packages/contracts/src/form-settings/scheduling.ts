import { z } from 'zod';

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/**
 * The "scheduling" tab: open from / close at, as wall-clock times in a time zone, a maximum number of
 * submissions, and the message respondents see while the form is not open.
 */
export const schedulingSettingsSchema = z
  .strictObject({
    opensAt: localDateTime.nullable().default(null),
    closesAt: localDateTime.nullable().default(null),
    /** An IANA time zone, e.g. Europe/Berlin. */
    timeZone: z
      .string()
      .max(100)
      .refine(
        (zone) => {
          try {
            new Intl.DateTimeFormat('en', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'Unknown time zone' },
      )
      .default('Europe/Berlin'),
    maxSubmissions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    closedMessage: z.string().max(2000).default(''),
  })
  .refine((value) => !value.opensAt || !value.closesAt || value.opensAt < value.closesAt, {
    message: 'The form must open before it closes',
    path: ['closesAt'],
  });
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;

/** Whether the public page takes answers now, and if not why. */
export type AvailabilityState = 'open' | 'notYetOpen' | 'closed' | 'full';
