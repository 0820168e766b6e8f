import type { ReleaseArea } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// One small document per area (`_id`: the area's name), what GET /registry reads for every area at
// once, about once a second per shell server (decision 035):
// - `revision`: raised by every switch, which writes only if it is still the one it read (the
//   compare-and-set of releases.service.ts), so two switches of one area never overwrite each other;
// - `live`, `canary`: what page loads get, copied from the release so that the registry needs no other read;
// - `previous`: the ids a rollback goes back to, the next one first, at most `rollbackDepth`;
// - `releaseSeq`, `auditSeq`: the numbers given to the area's releases and audit lines, which place
//   them in blocks that the area's history is read by (release-history.ts).
const liveReleaseSchema = new Schema(
  {
    id: { type: String, required: true },
    manifestUrl: { type: String, required: true },
    contractVersion: { type: String, required: true },
  },
  { _id: false },
);

const canaryReleaseSchema = new Schema(
  {
    id: { type: String, required: true },
    manifestUrl: { type: String, required: true },
    contractVersion: { type: String, required: true },
    percent: { type: Number, required: true },
  },
  { _id: false },
);

const releaseAreaSchema = new Schema(
  {
    _id: { type: String, required: true },
    revision: { type: Number, default: 0 },
    live: { type: liveReleaseSchema, default: null },
    canary: { type: canaryReleaseSchema, default: null },
    previous: { type: [String], default: [] },
    releaseSeq: { type: Number, default: 0 },
    auditSeq: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);

export type StoredLiveRelease = { id: string; manifestUrl: string; contractVersion: string };
export type StoredCanary = StoredLiveRelease & { percent: number };

export type ReleaseAreaState = {
  _id: ReleaseArea;
  revision: number;
  live: StoredLiveRelease | null;
  canary: StoredCanary | null;
  previous: string[];
  releaseSeq: number;
  auditSeq: number;
};

export const ReleaseAreaModel = model('ReleaseArea', releaseAreaSchema, 'release_areas');
