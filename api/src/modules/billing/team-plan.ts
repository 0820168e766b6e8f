import { type Plan, type PlanLimitDetails, plans } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { type TeamBilling, TeamBillingModel } from './team-billing.model';

// What the modules that enforce a limit ask (forms, submissions, documents, invitations, custom
// domains): the plan a team is on now, as the last sync stored it. It reads only the team's billing
// document and never Stripe, so a limit holds while Stripe is away.

/** The plan whose limits apply to the team now; Free for a team that never bought one. */
export async function findTeamPlan(teamId: number): Promise<Plan> {
  const billing = await TeamBillingModel.findById(teamId, { planId: 1 }).lean<Pick<TeamBilling, 'planId'>>();
  return plans[billing?.planId ?? 'free'];
}

const limitNames: Record<PlanLimitDetails['limit'], string> = {
  forms: 'forms',
  submissionsPerMonth: 'submissions this month',
  storageBytes: 'bytes of storage',
  seats: 'seats',
  customDomains: 'custom domains',
};

/** 402 PLAN_LIMIT_REACHED: the plan allows no more of `details.limit`; the details say how much is used. */
export function planLimitReached(details: PlanLimitDetails): AppError {
  const message =
    details.limit === 'customDomains'
      ? `The ${details.planId} plan has no custom domains`
      : `The ${details.planId} plan allows ${details.allowed} ${limitNames[details.limit]}`;
  return new AppError('PLAN_LIMIT_REACHED', 402, message, details);
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });

/** The calendar month (Europe/Berlin) that a plan's monthly submissions count in: `2026-05`. */
export function billingMonthOf(date: Date): string {
  const parts = Object.fromEntries(monthFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}`;
}
