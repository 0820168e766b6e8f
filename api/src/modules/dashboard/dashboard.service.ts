import {
  type DashboardDay,
  type DashboardRecentForm,
  type DashboardResponse,
  dashboardDayCount,
  dashboardRecentFormCount,
} from '@formwerk/contracts';
import type { FormCounter } from '../forms/form-counters';
import { countFormsByState, type FormRow } from '../forms/forms.service';
import { dayKeyOf } from '../submissions/submission-numbering';
import { findTeamSubmissionOverview } from '../submissions/submissions.service';

type Team = { teamId: number };

const dayMs = 86_400_000;

/** The last `dashboardDayCount` UTC days, oldest first, today being the last (`YYYY-MM-DD`). */
function lastDays(now: Date): string[] {
  return Array.from({ length: dashboardDayCount }, (_, index) =>
    dayKeyOf(new Date(now.getTime() - (dashboardDayCount - 1 - index) * dayMs)),
  );
}

const sumOf = (perDay: Record<string, number> | undefined, days: string[]) =>
  days.reduce((sum, day) => sum + (perDay?.[day] ?? 0), 0);

function findRecentForms(forms: FormRow[], counters: Map<string, FormCounter>, days: string[]): DashboardRecentForm[] {
  return forms
    .filter((form) => !form.archivedAt)
    .sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() || right._id.toString().localeCompare(left._id.toString()),
    )
    .slice(0, dashboardRecentFormCount)
    .map((form) => {
      const counter = counters.get(form._id.toString());
      return {
        id: form._id.toString(),
        title: form.title,
        status: form.status,
        updatedAt: form.updatedAt.toISOString(),
        submissionsLast7Days: sumOf(counter?.days, days),
        submissionsTotal: counter?.count ?? 0,
      };
    });
}

/**
 * The team's overview on /v1: recent forms, the last days' submissions and how many forms there are.
 * Three reads, all equalities on indexed fields: the team's forms, their submission counters and the
 * team's submission counter (its per-day counts). Nothing is counted or sorted in the database.
 */
export async function findDashboard(team: Team): Promise<DashboardResponse> {
  const { forms, counters, days: perDay } = await findTeamSubmissionOverview(team);
  const days = lastDays(new Date());
  const submissionsByDay: DashboardDay[] = days.map((date) => ({ date, count: perDay[date] ?? 0 }));
  return {
    recentForms: findRecentForms(forms, counters, days),
    submissionsLast7Days: sumOf(perDay, days),
    submissionsByDay,
    formCounts: countFormsByState(forms),
  };
}
