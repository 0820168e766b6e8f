import {
  type DashboardDay,
  type DashboardRecentForm,
  type DashboardResponse,
  dashboardDayCount,
  dashboardRecentFormCount,
} from '@formwerk/contracts';
import { countFormsByState, type FormRow } from '../forms/forms.service';
import { findTeamSubmissionOverview } from '../submissions/submissions.service';

type Team = { teamId: number };

const dayMs = 86_400_000;

/** The last `dashboardDayCount` UTC days, oldest first, today being the last (`YYYY-MM-DD`). */
function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: dashboardDayCount }, (_, index) =>
    new Date(today - (dashboardDayCount - 1 - index) * dayMs).toISOString().slice(0, 10),
  );
}

const sumOf = (perDay: Record<string, number> | undefined, days: string[]) =>
  days.reduce((sum, day) => sum + (perDay?.[day] ?? 0), 0);

function findRecentForms(forms: FormRow[], days: string[]): DashboardRecentForm[] {
  return forms
    .filter((form) => !form.archivedAt)
    .sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() || right._id.toString().localeCompare(left._id.toString()),
    )
    .slice(0, dashboardRecentFormCount)
    .map((form) => ({
      id: form._id.toString(),
      title: form.title,
      status: form.status,
      updatedAt: form.updatedAt.toISOString(),
      submissionsLast7Days: sumOf(form.submissionDays, days),
      submissionsTotal: form.submissionCount,
    }));
}

/**
 * The team's overview on /v1: recent forms, the last days' submissions and how many forms there are.
 * Two reads, both equalities on indexed fields: the team's forms (which carry their submission
 * counters) and the team's submission counter (its per-day counts). Nothing is counted or sorted in
 * the database.
 */
export async function findDashboard(team: Team): Promise<DashboardResponse> {
  const { forms, days: perDay } = await findTeamSubmissionOverview(team);
  const days = lastDays(new Date());
  const submissionsByDay: DashboardDay[] = days.map((date) => ({ date, count: perDay[date] ?? 0 }));
  return {
    recentForms: findRecentForms(forms, days),
    submissionsLast7Days: sumOf(perDay, days),
    submissionsByDay,
    formCounts: countFormsByState(forms),
  };
}
