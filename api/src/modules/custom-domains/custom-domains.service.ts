import { randomBytes } from 'node:crypto';
import type { CustomDomain, CustomDomainResponse, PublicDomainResponse } from '@formwerk/contracts';
import { isDuplicateKey, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { defineExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import { findTeamPlan, planLimitReached } from '../billing/team-plan';
import { findForm, findPublishedForm, formExists } from '../forms/forms.service';
import { CustomDomainModel, type CustomDomainRecord } from './custom-domain.model';
import { type DomainClaim, DomainClaimModel } from './domain-claim.model';
import { lookupTxtRecords } from './txt-records';

type Team = { teamId: number };

/** A hostname entered but never verified is free for another form after this long: no squatting. */
const claimLifetimeMs = 72 * 60 * 60 * 1000;

/**
 * How long a team's first claim of a hostname is remembered: entering it again within this time
 * continues that claim instead of starting a new one.
 */
const claimMemoryMs = 30 * 24 * 60 * 60 * 1000;

export const expiringDomainClaims = defineExpiringCollection(DomainClaimModel, 'expiresAt');

/** When the team first entered `hostname` within the remembered time; now if it did not. */
async function firstClaimOf(team: Team, hostname: string, now: Date): Promise<Date> {
  const remember = () =>
    DomainClaimModel.findOneAndUpdate(
      { _id: `${team.teamId} ${hostname}` },
      {
        $setOnInsert: {
          firstClaimedAt: now,
          expiresAt: new Date(now.getTime() + claimMemoryMs),
          expiresHour: expiryHourOf(new Date(now.getTime() + claimMemoryMs)),
        },
      },
      { upsert: true, new: true, lean: true },
    );
  // Two saves at once both insert; the second then finds the first's.
  const claim = await remember().catch((error: unknown) =>
    isDuplicateKey(error) ? remember() : Promise.reject(error),
  );
  return (claim as DomainClaim).firstClaimedAt;
}

/** The TXT record proving the domain is the owner's sits beside the host, not on it (which may be a CNAME). */
export const recordNameOf = (hostname: string) => `_formwerk.${hostname}`;
const recordValueOf = (token: string) => `formwerk-verification=${token}`;

function toCustomDomain(record: CustomDomainRecord): CustomDomain {
  return {
    hostname: record.hostname,
    recordName: recordNameOf(record.hostname),
    recordValue: recordValueOf(record.token),
    status: record.status,
    verifiedAt: record.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: record.lastCheckedAt?.toISOString() ?? null,
    lastProblem: record.lastProblem ?? null,
  };
}

const toResponse = (record: CustomDomainRecord | null): CustomDomainResponse => ({
  domain: record ? toCustomDomain(record) : null,
});

const findRecordOfForm = (formId: string) => CustomDomainModel.findOne({ formId }).lean<CustomDomainRecord>();

export async function getCustomDomain(team: Team, formId: string): Promise<CustomDomainResponse> {
  await findForm(team, formId);
  return toResponse(await findRecordOfForm(formId));
}

/**
 * Another form's hold on `hostname` ends when that form is gone or its claim was never verified in
 * time; a verified domain stays its form's until removed there.
 */
async function releaseStaleClaim(hostname: string, formId: string): Promise<void> {
  const holder = await CustomDomainModel.findOne({
    hostname,
    formId: trusted({ $ne: formId }),
  }).lean<CustomDomainRecord>();
  if (!holder) return;
  const isFormGone = !(await formExists(holder.formId.toString()));
  const isClaimAbandoned = holder.status === 'pending' && holder.claimedAt.getTime() < Date.now() - claimLifetimeMs;
  if (isFormGone || isClaimAbandoned)
    await CustomDomainModel.deleteOne({ _id: holder._id, claimedAt: holder.claimedAt });
}

/**
 * Gives the form `hostname`, pending until its TXT record is seen. The same hostname again changes
 * nothing; another one starts over with a new record, so the form leaves its old domain at once.
 * The three days a pending claim holds the hostname count from the team's first claim of it in the
 * last 30 days, so entering it again does not renew the hold. Only plans with custom domains (402
 * PLAN_LIMIT_REACHED on the others).
 */
export async function setCustomDomain(team: Team, formId: string, hostname: string): Promise<CustomDomainResponse> {
  await findForm(team, formId);
  const plan = await findTeamPlan(team.teamId);
  if (!plan.features.customDomains) {
    throw planLimitReached({ limit: 'customDomains', planId: plan.id, used: 0, allowed: 0 });
  }
  const current = await findRecordOfForm(formId);
  if (current?.hostname === hostname) return toResponse(current);
  await releaseStaleClaim(hostname, formId);
  const claimedAt = await firstClaimOf(team, hostname, new Date());
  const claim = () =>
    CustomDomainModel.findOneAndUpdate(
      { formId },
      {
        $set: {
          teamId: team.teamId,
          hostname,
          token: randomBytes(18).toString('base64url'),
          claimedAt,
          status: 'pending',
          verifiedAt: null,
          lastCheckedAt: null,
          lastProblem: null,
        },
      },
      { upsert: true, new: true, lean: true },
    );
  // A duplicate is another form's hostname, or, once, a second save of this form inserting at the same time.
  const saved = await claim()
    .catch((error: unknown) => (isDuplicateKey(error) ? claim() : Promise.reject(error)))
    .catch((error: unknown) => {
      if (isDuplicateKey(error)) throw new AppError('DOMAIN_TAKEN', 409, 'Another form uses this domain');
      throw error;
    });
  return toResponse(saved as CustomDomainRecord);
}

export async function removeCustomDomain(team: Team, formId: string): Promise<void> {
  await findForm(team, formId);
  await CustomDomainModel.deleteOne({ formId });
}

type CheckOutcome = Pick<CustomDomainRecord, 'status' | 'lastProblem'>;

/**
 * What the TXT records say. No record or a different value takes a verified domain offline (the
 * owner removed the proof); DNS not answering changes nothing but is reported.
 */
async function checkRecord(record: CustomDomainRecord): Promise<CheckOutcome> {
  const lookup = await lookupTxtRecords(recordNameOf(record.hostname));
  if (lookup.kind === 'failed') return { status: record.status, lastProblem: 'dnsFailed' };
  if (lookup.kind === 'missing' || lookup.values.length === 0)
    return { status: 'pending', lastProblem: 'recordMissing' };
  return lookup.values.some((value) => value.trim() === recordValueOf(record.token))
    ? { status: 'verified', lastProblem: null }
    : { status: 'pending', lastProblem: 'recordMismatch' };
}

export async function verifyCustomDomain(team: Team, formId: string): Promise<CustomDomainResponse> {
  await findForm(team, formId);
  const record = await findRecordOfForm(formId);
  if (!record) throw new AppError('NOT_FOUND', 404, 'The form has no domain');
  const outcome = await checkRecord(record);
  const now = new Date();
  const verifiedAt = outcome.status === 'verified' ? (record.verifiedAt ?? now) : null;
  // Only if the hostname is still the one checked: a change in between keeps its own, pending state.
  const saved = await CustomDomainModel.findOneAndUpdate(
    { formId, token: record.token },
    { $set: { ...outcome, verifiedAt, lastCheckedAt: now } },
    { new: true, lean: true },
  );
  return toResponse((saved as CustomDomainRecord | null) ?? (await findRecordOfForm(formId)));
}

/** The form a verified domain serves, while it is published; anything else is 404. */
export async function findFormOfDomain(hostname: string): Promise<PublicDomainResponse> {
  const record = await CustomDomainModel.findOne({ hostname, status: 'verified' }).lean<CustomDomainRecord>();
  if (!record) throw new AppError('NOT_FOUND', 404, 'No form is served on this domain');
  const form = await findPublishedForm(record.formId);
  return { formId: form.id };
}
