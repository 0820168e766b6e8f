import type { ReleaseAction, ReleaseArea } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// One line of an area's audit log, kept for good. `seq` is the area's `auditSeq`, given by the same
// update that made the change (release-area.model.ts); `block` (`<area>:<seq / 50>`) lists the newest
// lines by equality (release-history.ts).
const releaseAuditSchema = new Schema(
  {
    area: { type: String, required: true },
    seq: { type: Number, required: true },
    block: { type: String, required: true, index: true },
    action: { type: String, required: true },
    from: { type: String, default: null },
    to: { type: String, default: null },
    percent: { type: Number, default: null },
    actor: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export type StoredAuditLine = {
  area: ReleaseArea;
  seq: number;
  block: string;
  action: ReleaseAction;
  from: string | null;
  to: string | null;
  percent: number | null;
  actor: string;
  at: Date;
};

export const ReleaseAuditModel = model('ReleaseAudit', releaseAuditSchema, 'release_audit');
