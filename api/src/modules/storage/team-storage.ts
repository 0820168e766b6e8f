import type { DocumentStorage, StorageLimitDetails } from '@formwerk/contracts';
import { isDuplicateKey, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notifyTeamManagers } from '../billing/billing-notices';
import { findTeamPlan } from '../billing/team-plan';
import { type TeamStorage, TeamStorageModel } from './team-storage.model';

// What a team may store is its plan's (billing/team-plan.ts): 250 MB on Free, more on the others.
const limitBytesOf = async (teamId: number) => (await findTeamPlan(teamId)).limits.storageBytes;

export async function readTeamStorage(teamId: number): Promise<DocumentStorage> {
  const [storage, limitBytes] = await Promise.all([
    TeamStorageModel.findById(teamId).lean<TeamStorage>(),
    limitBytesOf(teamId),
  ]);
  return { usedBytes: Math.max(0, storage?.usedBytes ?? 0), limitBytes };
}

const storageFull = (usedBytes: number, limitBytes: number, neededBytes: number) =>
  new AppError('STORAGE_LIMIT_REACHED', 409, 'The team’s storage is full', {
    usedBytes: Math.max(0, usedBytes),
    limitBytes,
    neededBytes,
  } satisfies StorageLimitDetails);

function reserveIfRoom(teamId: number, bytes: number, limitBytes: number) {
  // Only a document whose use still leaves room matches: the check and the `$inc` are one atomic
  // update, so ten uploads at once never pass the limit together.
  return TeamStorageModel.findOneAndUpdate(
    { _id: teamId, usedBytes: trusted({ $lte: limitBytes - bytes }) },
    { $inc: { usedBytes: bytes } },
    { new: true },
  ).lean<TeamStorage>();
}

/**
 * Counts `bytes` against the limit of the team's plan before they are stored, or refuses with 409
 * STORAGE_LIMIT_REACHED and what is used, the limit and what was needed.
 */
export async function reserveTeamStorage(teamId: number, bytes: number): Promise<void> {
  const limitBytes = await limitBytesOf(teamId);
  // A miss is either a full team or one without its document yet (its first upload, perhaps made by a
  // concurrent one meanwhile) or one that just got room back: looked at, and tried again while not full.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await reserveIfRoom(teamId, bytes, limitBytes)) return;
    const existing = await TeamStorageModel.findById(teamId).lean<TeamStorage>();
    if (existing && existing.usedBytes + bytes > limitBytes) throw storageFull(existing.usedBytes, limitBytes, bytes);
    if (!existing) {
      await TeamStorageModel.create({ _id: teamId, usedBytes: 0 }).catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
      });
    }
  }
  throw storageFull((await readTeamStorage(teamId)).usedBytes, limitBytes, bytes);
}

/**
 * Counts `bytes` that are stored whatever the limit: the sealed copy of a document everyone has signed
 * already (signing-seal.ts), which a full storage must not keep from them.
 */
export async function countTeamStorage(teamId: number, bytes: number): Promise<void> {
  await TeamStorageModel.updateOne({ _id: teamId }, { $inc: { usedBytes: bytes } }, { upsert: true });
}

/**
 * Gives back what a removed file, or an upload that failed after its reservation, took up; with room
 * made, the next respondent's file that finds none tells the owners again.
 */
export async function releaseTeamStorage(teamId: number, bytes: number): Promise<void> {
  await TeamStorageModel.updateOne({ _id: teamId }, { $inc: { usedBytes: -bytes }, $set: { isFullNoticed: false } });
}

/**
 * Tells the team's owners and admins that a respondent's file of `formTitle` found the storage full, the
 * first time since room was last made: the flag is set by one conditional update, so once however many
 * files are refused at once; should telling fail, the flag is cleared for the next refusal to try again.
 */
export async function noticeStorageFull(teamId: number, formTitle: string): Promise<void> {
  const claimed = await TeamStorageModel.findOneAndUpdate(
    { _id: teamId, isFullNoticed: trusted({ $ne: true }) },
    { $set: { isFullNoticed: true } },
  ).lean<TeamStorage>();
  if (!claimed) return;
  try {
    await notifyTeamManagers(teamId, { type: 'storageFull', params: { formTitle } });
  } catch (error) {
    await TeamStorageModel.updateOne({ _id: teamId }, { $set: { isFullNoticed: false } });
    throw error;
  }
}
