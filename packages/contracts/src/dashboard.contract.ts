import { z } from 'zod';
import { formStatusSchema } from './forms.contract';

/** How many of the recently updated forms the overview shows. */
export const dashboardRecentFormCount = 6;
/** The overview's window of days, today (UTC) included. */
export const dashboardDayCount = 7;

export const dashboardRecentFormSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: formStatusSchema,
  updatedAt: z.iso.datetime(),
  submissionsLast7Days: z.number().int(),
  submissionsTotal: z.number().int(),
});
export type DashboardRecentForm = z.infer<typeof dashboardRecentFormSchema>;

export const dashboardDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.iso.date(),
  count: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** GET /dashboard: the current team's overview on /v1. */
export const dashboardResponseSchema = z.object({
  /** The most recently updated forms that are not archived, newest first. */
  recentForms: z.array(dashboardRecentFormSchema),
  /** The team's submissions of the last seven UTC days, today included. */
  submissionsLast7Days: z.number().int(),
  /** One entry per UTC day, oldest first, days without submissions included with 0. */
  submissionsByDay: z.array(dashboardDaySchema),
  /** `total` counts the forms that are not archived (`published` + `draft`); archived ones apart. */
  formCounts: z.object({
    total: z.number().int(),
    published: z.number().int(),
    draft: z.number().int(),
    archived: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
