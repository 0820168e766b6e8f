import {
  type AreaReleases,
  type LiveArea,
  type LiveRegistry,
  type PromoteReleaseRequest,
  type RegisterReleaseRequest,
  type Release,
  type ReleaseAction,
  type ReleaseArea,
  type ReleaseAuditEntry,
  releaseAreaSchema,
} from '@formwerk/contracts';
import { isContractCompatible } from '@formwerk/platform/contract';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ReleaseModel, type StoredRelease } from './release.model';
import {
  ReleaseAreaModel,
  type ReleaseAreaState,
  type StoredCanary,
  type StoredLiveRelease,
} from './release-area.model';
import { ReleaseAuditModel, type StoredAuditLine } from './release-audit.model';
import { checkManifest, loadReleaseDescription } from './release-files';
import { historyBlockOf, newestFirst, newestHistoryBlocks } from './release-history';
import { releaseRegistrySettings } from './release-settings';

// How many releases a rollback can go back through, one after the other.
const rollbackDepth = 20;
// A switch that lost the race for its area's revision reads again and retries; each loss means another
// switch landed, so only a crowd of operators switching one area at once runs out of attempts.
const switchAttempts = 5;

/** The area a path names (`/releases/:area`), or AREA_NOT_FOUND. */
export function parseArea(value: unknown): ReleaseArea {
  const area = releaseAreaSchema.safeParse(value);
  if (!area.success) throw new AppError('AREA_NOT_FOUND', 404, `The site has no area ${String(value)}`);
  return area.data;
}

/**
 * What every new page load gets: one read of the areas' small documents (five at most). `revision`
 * joins the areas' revisions, each raised by every switch of its area, so it changes with any switch.
 */
export async function findLiveRegistry(): Promise<LiveRegistry> {
  const states = await ReleaseAreaModel.find({}, { revision: 1, live: 1, canary: 1 }).lean<
    Pick<ReleaseAreaState, '_id' | 'revision' | 'live' | 'canary'>[]
  >();
  const revisions = new Map(states.map((state) => [state._id, state.revision]));
  const areas: Partial<Record<ReleaseArea, LiveArea>> = {};
  for (const { _id: area, live, canary } of states) {
    if (live) areas[area] = { live: toLiveRelease(live), canary: canary ? toCanary(canary) : null };
  }
  const revision = releaseAreaSchema.options.map((area) => revisions.get(area) ?? 0).join('.');
  return { revision, areas };
}

/**
 * Registers a built release after loading its manifest and release.json (release-files.ts). The same
 * release again, with the same manifest, answers what was registered and changes nothing (a retried
 * deploy); with another manifest it is refused: a release never changes.
 */
export async function registerRelease(
  registration: RegisterReleaseRequest,
  actor: string,
): Promise<{ release: Release; isNew: boolean }> {
  const { area, id } = registration;
  const manifestUrl = new URL(registration.manifestUrl).href;
  const existing = await findStoredRelease(area, id);
  if (existing) return { release: sameRelease(existing, manifestUrl), isNew: false };
  const { fileTimeoutMs } = releaseRegistrySettings();
  await checkManifest(area, manifestUrl, fileTimeoutMs);
  const description = await loadReleaseDescription({ area, id, manifestUrl }, fileTimeoutMs);
  const numbers = await takeHistoryNumbers(area);
  const registeredAt = new Date();
  const stored: StoredRelease = {
    _id: releaseKeyOf(area, id),
    area,
    id,
    seq: numbers.releaseSeq,
    block: historyBlockOf(area, numbers.releaseSeq),
    manifestUrl,
    version: description.version,
    commit: description.commit,
    contractVersion: description.contractVersion,
    builtAt: new Date(description.builtAt),
    registeredAt,
    registeredBy: actor,
  };
  try {
    await ReleaseModel.create(stored);
  } catch (error) {
    // The same release registered at the same moment by another request: that one stands.
    const winner = isDuplicateKey(error) ? await findStoredRelease(area, id) : null;
    if (!winner) throw error;
    return { release: sameRelease(winner, manifestUrl), isNew: false };
  }
  await writeAuditLine(area, numbers.auditSeq, {
    action: 'register',
    from: null,
    to: id,
    percent: null,
    actor,
    at: registeredAt,
  });
  return { release: toReleaseDto(stored), isNew: true };
}

/** The area's live release, canary, rollback stack and its newest releases and audit lines. */
export async function findAreaReleases(area: ReleaseArea): Promise<AreaReleases> {
  const state = await readAreaState(area);
  const [releases, audit] = await Promise.all([
    readReleases(area, state.releaseSeq),
    readAuditLines(area, state.auditSeq),
  ]);
  return {
    area,
    live: state.live ? toLiveRelease(state.live) : null,
    canary: state.canary ? toCanary(state.canary) : null,
    previous: state.previous,
    releases: newestFirst(releases).map(toReleaseDto),
    audit: newestFirst(audit).map(toAuditEntry),
  };
}

/**
 * Makes release `id` live for every new page load (ending any canary), or, with `canaryPercent`, the
 * canary for that share of sessions. Refused, with nothing changed, for a release the area does not
 * have, one built against another major of the platform contract than the site's, or one whose
 * manifest does not load now.
 */
export async function promoteRelease(
  area: ReleaseArea,
  { id, canaryPercent }: PromoteReleaseRequest,
  actor: string,
): Promise<AreaReleases> {
  const release = await findStoredRelease(area, id);
  if (!release) throw new AppError('RELEASE_NOT_FOUND', 404, `The area ${area} has no release ${id}`);
  assertCompatible(release);
  const target = toLiveRelease(release);
  await switchArea(area, actor, async (state) =>
    canaryPercent === undefined ? planPromotion(state, target) : planCanary(state, target, canaryPercent),
  );
  return findAreaReleases(area);
}

/**
 * Goes back one step: a running canary ends (the live release stays); without one, the release live
 * before the current one is live again, taken off the rollback stack, and before the first release
 * the build the site was started with (no live release).
 */
export async function rollBackArea(area: ReleaseArea, actor: string): Promise<AreaReleases> {
  await switchArea(area, actor, async (state) => {
    if (state.canary) {
      return {
        live: state.live,
        canary: null,
        previous: state.previous,
        audit: { action: 'rollback', from: state.canary.id, to: null, percent: null },
        loads: null,
      };
    }
    if (!state.live) {
      throw new AppError('NOTHING_TO_ROLL_BACK', 409, `The area ${area} runs the build the site started with`);
    }
    const [next, ...rest] = state.previous;
    if (!next) {
      // Before the first release there is the build the site was started with: back to it.
      return {
        live: null,
        canary: null,
        previous: [],
        audit: { action: 'rollback', from: state.live.id, to: null, percent: null },
        loads: null,
      };
    }
    const release = await findStoredRelease(area, next);
    // Releases are never removed: one on the stack that is not there is our bug.
    if (!release) throw new Error(`Release ${next} of ${area} is on the rollback stack but not registered`);
    assertCompatible(release);
    const target = toLiveRelease(release);
    return {
      live: target,
      canary: null,
      previous: rest,
      audit: { action: 'rollback', from: state.live.id, to: next, percent: null },
      loads: target,
    };
  });
  return findAreaReleases(area);
}

type AuditFields = Pick<ReleaseAuditEntry, 'action' | 'from' | 'to' | 'percent'>;

/** What a switch makes of an area's state, and the release whose manifest must load before it is written. */
type PlannedSwitch = {
  live: StoredLiveRelease | null;
  canary: StoredCanary | null;
  previous: string[];
  audit: AuditFields & { action: ReleaseAction };
  loads: StoredLiveRelease | null;
};

/** Null when the area is that way already: nothing is written and nothing audited. */
type PlanSwitch = (state: ReleaseAreaState) => Promise<PlannedSwitch | null>;

function planPromotion(state: ReleaseAreaState, target: StoredLiveRelease): PlannedSwitch | null {
  const audit = { action: 'promote', from: state.live?.id ?? null, to: target.id, percent: null } as const;
  if (state.live?.id === target.id) {
    // Live already: the one thing a promotion may still change is a running canary, which it ends.
    return state.canary ? { live: state.live, canary: null, previous: state.previous, audit, loads: null } : null;
  }
  const earlier = state.previous.filter((id) => id !== target.id && id !== state.live?.id);
  const previous = (state.live ? [state.live.id, ...earlier] : earlier).slice(0, rollbackDepth);
  return { live: target, canary: null, previous, audit, loads: target };
}

function planCanary(state: ReleaseAreaState, target: StoredLiveRelease, percent: number): PlannedSwitch | null {
  // A canary is tried on some sessions while the rest keep the live release: it needs one, and another.
  if (!state.live) throw canaryRefused('A canary needs a live release: promote one without canaryPercent first');
  if (state.live.id === target.id) throw canaryRefused(`Release ${target.id} is live already`);
  if (state.canary?.id === target.id && state.canary.percent === percent) return null;
  return {
    live: state.live,
    canary: { ...target, percent },
    previous: state.previous,
    audit: { action: 'canary', from: state.canary?.id ?? null, to: target.id, percent },
    loads: target,
  };
}

const canaryRefused = (message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, {
    issues: [{ path: ['canaryPercent'], code: 'custom', message }],
  });

/**
 * Applies a switch with a compare-and-set on the area's revision, so that of two switches of one area
 * at once the second works from the first one's result: the loser reads again, plans again from what
 * it finds and retries, and gives up with RELEASE_SWITCH_CONFLICT after `switchAttempts`. Different
 * areas are different documents and never wait for each other.
 */
async function switchArea(area: ReleaseArea, actor: string, plan: PlanSwitch): Promise<void> {
  const loaded = new Set<string>();
  for (let attempt = 0; attempt < switchAttempts; attempt += 1) {
    const state = await readAreaState(area);
    const change = await plan(state);
    if (!change) return;
    if (change.loads && !loaded.has(change.loads.id)) {
      await checkManifest(area, change.loads.manifestUrl, releaseRegistrySettings().fileTimeoutMs);
      loaded.add(change.loads.id);
    }
    const switched = await compareAndSet(area, state.revision, change);
    if (switched) {
      await writeAuditLine(area, switched.auditSeq, { ...change.audit, actor, at: new Date() });
      return;
    }
  }
  throw new AppError(
    'RELEASE_SWITCH_CONFLICT',
    409,
    `The area ${area} was switched meanwhile: read it again and retry`,
  );
}

/** The area's state after the switch, or null when another switch raised the revision first. */
async function compareAndSet(
  area: ReleaseArea,
  revision: number,
  { live, canary, previous }: PlannedSwitch,
): Promise<ReleaseAreaState | null> {
  try {
    // Upserting: an area without its document yet (none registered since the collection was made)
    // gets it here; when it exists at another revision, the insert breaks the `_id` and lost the race.
    return await ReleaseAreaModel.findOneAndUpdate(
      { _id: area, revision },
      { $set: { live, canary, previous }, $inc: { revision: 1, auditSeq: 1 }, $setOnInsert: { releaseSeq: 0 } },
      { new: true, upsert: true },
    ).lean<ReleaseAreaState>();
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

const emptyState = (area: ReleaseArea): ReleaseAreaState => ({
  _id: area,
  revision: 0,
  live: null,
  canary: null,
  previous: [],
  releaseSeq: 0,
  auditSeq: 0,
});

async function readAreaState(area: ReleaseArea): Promise<ReleaseAreaState> {
  const stored = await ReleaseAreaModel.findById(area).lean<Partial<ReleaseAreaState>>();
  // FerretDB v1 leaves out the nulls and empty arrays of an upsert's $setOnInsert: missing means empty.
  return {
    ...emptyState(area),
    ...stored,
    live: stored?.live ?? null,
    canary: stored?.canary ?? null,
    previous: stored?.previous ?? [],
  };
}

/** The next numbers of the area's releases and audit lines, for a registration (which switches nothing). */
async function takeHistoryNumbers(area: ReleaseArea): Promise<{ releaseSeq: number; auditSeq: number }> {
  const take = async () => {
    // `revision` is stored from the start: a switch's compare-and-set filters by it.
    const numbers = await ReleaseAreaModel.findOneAndUpdate(
      { _id: area },
      { $inc: { releaseSeq: 1, auditSeq: 1 }, $setOnInsert: { revision: 0 } },
      { new: true, upsert: true },
    ).lean<{ releaseSeq: number; auditSeq: number }>();
    if (!numbers) throw new Error(`The upsert of release area ${area} answered no document`);
    return numbers;
  };
  try {
    return await take();
  } catch (error) {
    // On MongoDB two upserts of a new `_id` at once can both try to insert it: the loser takes its
    // numbers from the document the winner made.
    if (!isDuplicateKey(error)) throw error;
    return take();
  }
}

async function writeAuditLine(area: ReleaseArea, seq: number, fields: AuditFields & { actor: string; at: Date }) {
  await ReleaseAuditModel.create({ area, seq, block: historyBlockOf(area, seq), ...fields } satisfies StoredAuditLine);
}

async function readReleases(area: ReleaseArea, lastSeq: number): Promise<StoredRelease[]> {
  const blocks = await Promise.all(
    newestHistoryBlocks(area, lastSeq).map((block) => ReleaseModel.find({ block }).lean<StoredRelease[]>()),
  );
  return blocks.flat();
}

async function readAuditLines(area: ReleaseArea, lastSeq: number): Promise<StoredAuditLine[]> {
  const blocks = await Promise.all(
    newestHistoryBlocks(area, lastSeq).map((block) => ReleaseAuditModel.find({ block }).lean<StoredAuditLine[]>()),
  );
  return blocks.flat();
}

const releaseKeyOf = (area: ReleaseArea, id: string) => `${area}:${id}`;

function findStoredRelease(area: ReleaseArea, id: string): Promise<StoredRelease | null> {
  return ReleaseModel.findById(releaseKeyOf(area, id)).lean<StoredRelease>();
}

function sameRelease(existing: StoredRelease, manifestUrl: string): Release {
  if (existing.manifestUrl !== manifestUrl) {
    throw new AppError(
      'RELEASE_EXISTS',
      409,
      `Release ${existing.id} of ${existing.area} is registered with another manifest, ${existing.manifestUrl}`,
    );
  }
  return toReleaseDto(existing);
}

function assertCompatible(release: StoredRelease): void {
  if (!isContractCompatible(release.contractVersion)) {
    throw new AppError(
      'RELEASE_CONTRACT_INCOMPATIBLE',
      409,
      `Release ${release.id} was built against platform contract ${release.contractVersion}, another major than the site's`,
    );
  }
}

const toLiveRelease = ({ id, manifestUrl, contractVersion }: StoredLiveRelease) => ({
  id,
  manifestUrl,
  contractVersion,
});

const toCanary = (canary: StoredCanary) => ({ ...toLiveRelease(canary), percent: canary.percent });

const toReleaseDto = (release: StoredRelease): Release => ({
  area: release.area,
  id: release.id,
  version: release.version,
  commit: release.commit,
  contractVersion: release.contractVersion,
  builtAt: release.builtAt.toISOString(),
  manifestUrl: release.manifestUrl,
  registeredAt: release.registeredAt.toISOString(),
  registeredBy: release.registeredBy,
});

const toAuditEntry = (line: StoredAuditLine): ReleaseAuditEntry => ({
  area: line.area,
  action: line.action,
  from: line.from,
  to: line.to,
  percent: line.percent,
  actor: line.actor,
  at: line.at.toISOString(),
});
