import { type ExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import type { JobDefinition } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { expiringRateLimitWindows } from '../../platform/rate-limit';
import { expiringLinkTokens } from '../auth/link-tokens.service';
import { expiringStripeEvents } from '../billing/billing-webhooks';
import { expiringDomainClaims } from '../custom-domains/custom-domains.service';
import { expiringInvitations } from '../invitations/invitations.service';
import { expiringNotifications } from '../notifications/notifications.service';
import { expiringSignInHistories } from '../security/sign-in-history.service';
import { expiringSessions } from '../sessions/sessions.service';
import { expiringSamlAssertions } from '../sso/saml-assertion.model';
import { type HousekeepingState, HousekeepingStateModel } from './housekeeping-state.model';

const expiringCollections: ExpiringCollection[] = [
  expiringSessions,
  expiringLinkTokens,
  expiringInvitations,
  expiringRateLimitWindows,
  expiringDomainClaims,
  expiringNotifications,
  expiringStripeEvents,
  expiringSignInHistories,
  expiringSamlAssertions,
];

const stateId = 'expired-documents';
/** Past hours one run removes one by one; after a longer pause one sweep (a scan) is cheaper. */
const maxCatchUpHours = 14 * 24;
/**
 * The first sweep is repeated a day later: api instances of the previous release, still running
 * during a rolling deploy, may meanwhile have written documents without an expiry hour.
 */
const secondSweepAfterHours = 24;

export type HousekeepingOutcome = { removed: number; mode: 'hours' | 'sweep'; hours: number };

/**
 * Removes expired sessions, link tokens, invitations, rate-limit windows and notifications: FerretDB v1 has no TTL
 * indexes, and without this they would grow forever. Each past hour since the last run is one
 * equality-keyed delete per collection; the first run, and a run after more than two weeks without
 * one, sweeps the collections instead.
 */
export async function removeExpiredDocuments(now = new Date()): Promise<HousekeepingOutcome> {
  // Documents of the current hour may still be live; every earlier hour is over.
  const lastPastHour = expiryHourOf(now) - 1;
  const state = await HousekeepingStateModel.findById(stateId).lean<HousekeepingState>();
  const isSecondSweepDue = state?.sweepAgainFromHour != null && lastPastHour >= state.sweepAgainFromHour;
  if (!state || isSecondSweepDue || lastPastHour - state.lastHour > maxCatchUpHours) {
    let removed = 0;
    for (const collection of expiringCollections) removed += await collection.sweep(now);
    await saveState(lastPastHour, state ? null : lastPastHour + secondSweepAfterHours);
    return { removed, mode: 'sweep', hours: 0 };
  }
  let removed = 0;
  let hours = 0;
  for (let hour = state.lastHour + 1; hour <= lastPastHour; hour += 1) {
    for (const collection of expiringCollections) removed += await collection.removeExpiringIn(hour);
    // Saved hour by hour, so an interrupted run does not start over.
    await saveState(hour, state.sweepAgainFromHour ?? null);
    hours += 1;
  }
  return { removed, mode: 'hours', hours };
}

async function saveState(lastHour: number, sweepAgainFromHour: number | null): Promise<void> {
  await HousekeepingStateModel.updateOne(
    { _id: stateId },
    { $set: { lastHour, sweepAgainFromHour } },
    { upsert: true },
  );
}

/** Runs every quarter hour; a run with no hour newly past reads one document and stops. */
export function createRemoveExpiredDocumentsJob(logger: Logger): JobDefinition<object> {
  return {
    name: 'remove-expired-documents',
    everyMs: 15 * 60_000,
    run: async () => {
      const outcome = await removeExpiredDocuments();
      if (outcome.removed > 0 || outcome.mode === 'sweep') logger.info(outcome, 'expired documents removed');
    },
  };
}
