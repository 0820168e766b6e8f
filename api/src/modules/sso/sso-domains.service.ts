import { randomBytes } from 'node:crypto';
import type { SsoDomain, SsoDomainProblem } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lookupTxtRecords } from '../custom-domains/txt-records';
import { SsoDomainModel, type SsoDomainRecord, VerifiedDomainModel } from './sso-domain.model';

/** Beside the domain, not on it (its apex carries mail and other TXT records already). */
const recordNameOf = (domain: string) => `_formwerk-sso.${domain}`;
const recordValueOf = (token: string) => `formwerk-sso-verification=${token}`;
const claimIdOf = (teamId: number, domain: string) => `${teamId} ${domain}`;

function toSsoDomain(record: SsoDomainRecord): SsoDomain {
  return {
    domain: record.domain,
    recordName: recordNameOf(record.domain),
    recordValue: recordValueOf(record.token),
    status: record.status,
    verifiedAt: record.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: record.lastCheckedAt?.toISOString() ?? null,
    lastProblem: record.lastProblem ?? null,
  };
}

export async function listSsoDomains(teamId: number): Promise<SsoDomain[]> {
  const records = await SsoDomainModel.find({ teamId }).lean<SsoDomainRecord[]>();
  return records.map(toSsoDomain).sort((a, b) => a.domain.localeCompare(b.domain));
}

/** The team's domains that are verified, for the sign-in's check of the provider's address. */
export async function findVerifiedDomainsOf(teamId: number): Promise<string[]> {
  const records = await VerifiedDomainModel.find({ teamId }).lean<{ _id: string }[]>();
  return records.map((record) => record._id);
}

/** The team that verified `domain`, if any. */
export async function findTeamOfDomain(domain: string): Promise<number | null> {
  const record = await VerifiedDomainModel.findById(domain).lean<{ teamId: number }>();
  return record?.teamId ?? null;
}

/** Adds `domain` with a TXT record to create; adding it again answers the same record. */
export async function addSsoDomain(teamId: number, domain: string): Promise<SsoDomain> {
  const holder = await findTeamOfDomain(domain);
  if (holder !== null && holder !== teamId) {
    throw new AppError('SSO_DOMAIN_TAKEN', 409, 'Another team has verified this domain');
  }
  const record = await SsoDomainModel.findOneAndUpdate(
    { _id: claimIdOf(teamId, domain) },
    { $setOnInsert: { teamId, domain, token: randomBytes(16).toString('hex'), status: 'pending' } },
    { upsert: true, new: true, lean: true },
  ).catch((error: unknown) =>
    // The same domain added twice at once: the first one's claim stands.
    isDuplicateKey(error) ? SsoDomainModel.findById(claimIdOf(teamId, domain)).lean() : Promise.reject(error),
  );
  if (!record) throw new Error(`The claim of ${domain} by team ${teamId} vanished`);
  return toSsoDomain(record as SsoDomainRecord);
}

async function checkRecord(record: SsoDomainRecord): Promise<SsoDomainProblem | null> {
  const lookup = await lookupTxtRecords(recordNameOf(record.domain));
  if (lookup.kind === 'failed') return 'dnsFailed';
  if (lookup.kind === 'missing') return 'recordMissing';
  return lookup.values.includes(recordValueOf(record.token)) ? null : 'recordMismatch';
}

/**
 * Looks the TXT record up and verifies the domain when it is there. The domain becomes the team's
 * by the insert of its id into `ssoverifieddomains`: of two teams whose records both stand (the DNS changed
 * hands), only the first gets it, the other gets SSO_DOMAIN_TAKEN.
 */
export async function verifySsoDomain(teamId: number, domain: string): Promise<SsoDomain> {
  const record = await SsoDomainModel.findById(claimIdOf(teamId, domain)).lean<SsoDomainRecord>();
  if (!record) throw new AppError('NOT_FOUND', 404, 'No such domain');
  if (record.status === 'verified') return toSsoDomain(record);
  const problem = await checkRecord(record);
  const now = new Date();
  if (problem === null) {
    await VerifiedDomainModel.create({ _id: domain, teamId }).catch((error: unknown) => {
      if (isDuplicateKey(error)) throw new AppError('SSO_DOMAIN_TAKEN', 409, 'Another team has verified this domain');
      throw error;
    });
  }
  const update =
    problem === null
      ? { status: 'verified', verifiedAt: now, lastCheckedAt: now, lastProblem: null }
      : { lastCheckedAt: now, lastProblem: problem };
  const updated = await SsoDomainModel.findByIdAndUpdate(record._id, { $set: update }, { new: true, lean: true });
  if (!updated) throw new AppError('NOT_FOUND', 404, 'No such domain');
  return toSsoDomain(updated as SsoDomainRecord);
}

/** Removes the domain; a verified one stops offering single sign-on (and its enforcement) at once. */
export async function removeSsoDomain(teamId: number, domain: string): Promise<void> {
  const removed = await SsoDomainModel.findByIdAndDelete(claimIdOf(teamId, domain)).lean();
  if (!removed) throw new AppError('NOT_FOUND', 404, 'No such domain');
  await VerifiedDomainModel.deleteOne({ _id: domain, teamId });
}
