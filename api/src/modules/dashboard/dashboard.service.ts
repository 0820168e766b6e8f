import {
  type DashboardDay,
  type DashboardRecentForm,
  type DashboardResponse,
  dashboardDayCount,
  dashboardRecentFormCount,
  formListQuerySchema,
} from '@formwerk/contracts';
import { countFormsByState, listForms } from '../forms/forms.service';
import { countSubmissionsBetween, countSubmissionsPerForm } from '../submissions/submissions.service';

type Team = { teamId: number };

const dayMs = 86_400_000;

/** The start of the first of the last `dashboardDayCount` UTC days, today being the last. */
function firstDayStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (dashboardDayCount - 1) * dayMs);
}

// One count per day rather than one $group by day: FerretDB 1.x has no date operators in $group.
function countSubmissionsByDay(team: Team, since: Date): Promise<DashboardDay[]> {
  const dayStarts = Array.from({ length: dashboardDayCount }, (_, index) => new Date(since.getTime() + index * dayMs));
  return Promise.all(
    dayStarts.map(async (start) => ({
      date: start.toISOString().slice(0, 10),
      count: await countSubmissionsBetween(team, start, new Date(start.getTime() + dayMs)),
    })),
  );
}

async function findRecentForms(team: Team, since: Date): Promise<DashboardRecentForm[]> {
  const { forms } = await listForms(team, formListQuerySchema.parse({ pageSize: dashboardRecentFormCount }));
  const formIds = forms.map((form) => form.id);
  const [lastDays, total] = await Promise.all([
    countSubmissionsPerForm(team, formIds, since),
    countSubmissionsPerForm(team, formIds),
  ]);
  return forms.map((form) => ({
    id: form.id,
    title: form.title,
    status: form.status,
    updatedAt: form.updatedAt,
    submissionsLast7Days: lastDays.get(form.id) ?? 0,
    submissionsTotal: total.get(form.id) ?? 0,
  }));
}

/** The team's overview on /v1: recent forms, the last days' submissions and how many forms there are. */
export async function findDashboard(team: Team): Promise<DashboardResponse> {
  const since = firstDayStart(new Date());
  const [recentForms, submissionsByDay, formCounts] = await Promise.all([
    findRecentForms(team, since),
    countSubmissionsByDay(team, since),
    countFormsByState(team),
  ]);
  return {
    recentForms,
    submissionsLast7Days: submissionsByDay.reduce((sum, day) => sum + day.count, 0),
    submissionsByDay,
    formCounts,
  };
}
