import {
  type DashboardDay,
  type DashboardRecentForm,
  type DashboardResponse,
  dashboardDayCount,
  dashboardRecentFormCount,
  formListQuerySchema,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { FormModel } from '../forms/form.model';
import { listForms } from '../forms/forms.service';
import { SubmissionModel } from '../submissions/submission.model';

type Team = { teamId: number };

const dayMs = 86_400_000;

/** The start of the first of the last `dashboardDayCount` UTC days, today being the last. */
function firstDayStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (dashboardDayCount - 1) * dayMs);
}

// One count per day rather than one $group by day: FerretDB 1.x has no date operators in $group.
async function countSubmissionsByDay(team: Team, since: Date): Promise<DashboardDay[]> {
  const dayStarts = Array.from({ length: dashboardDayCount }, (_, index) => new Date(since.getTime() + index * dayMs));
  return Promise.all(
    dayStarts.map(async (start) => ({
      date: start.toISOString().slice(0, 10),
      count: await SubmissionModel.countDocuments({
        teamId: team.teamId,
        createdAt: trusted({ $gte: start, $lt: new Date(start.getTime() + dayMs) }),
      }),
    })),
  );
}

/** Submissions per form of `formIds`, those since `since` only when given. */
async function countSubmissionsPerForm(team: Team, formIds: string[], since?: Date): Promise<Map<string, number>> {
  // An aggregation pipeline is not cast by the schema, so ids and dates go in as their BSON types.
  const rows = await SubmissionModel.aggregate<{ _id: Types.ObjectId; count: number }>([
    {
      $match: {
        teamId: team.teamId,
        formId: { $in: formIds.map((id) => new Types.ObjectId(id)) },
        ...(since ? { createdAt: { $gte: since } } : {}),
      },
    },
    { $group: { _id: '$formId', count: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [row._id.toString(), row.count]));
}

async function countForms(team: Team): Promise<DashboardResponse['formCounts']> {
  const [published, draft, archived] = await Promise.all([
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: null, status: 'published' }),
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: null, status: 'draft' }),
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: trusted({ $ne: null }) }),
  ]);
  return { total: published + draft, published, draft, archived };
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
    countForms(team),
  ]);
  return {
    recentForms,
    submissionsLast7Days: submissionsByDay.reduce((sum, day) => sum + day.count, 0),
    submissionsByDay,
    formCounts,
  };
}
