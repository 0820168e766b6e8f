import type { ReleaseArea } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// A registered release, never changed after: `_id` is `<area>:<id>` (the same build id, version and
// commit, is every area's when they are built together), so promoting one is a read by `_id`. `block`
// (`<area>:<seq / 50>`) lists an area's newest releases by equality (release-history.ts).
const releaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    area: { type: String, required: true },
    id: { type: String, required: true },
    seq: { type: Number, required: true },
    block: { type: String, required: true, index: true },
    manifestUrl: { type: String, required: true },
    version: { type: String, required: true },
    commit: { type: String, required: true },
    contractVersion: { type: String, required: true },
    builtAt: { type: Date, required: true },
    registeredAt: { type: Date, required: true },
    registeredBy: { type: String, required: true },
  },
  { versionKey: false },
);

export type StoredRelease = {
  _id: string;
  area: ReleaseArea;
  id: string;
  seq: number;
  block: string;
  manifestUrl: string;
  version: string;
  commit: string;
  contractVersion: string;
  builtAt: Date;
  registeredAt: Date;
  registeredBy: string;
};

export const ReleaseModel = model('Release', releaseSchema, 'releases');
