import {
  type Locale,
  type SigningRecipientKind,
  type SigningRecipientStatus,
  type SigningRequestStatus,
  signingRecipientKinds,
  signingRecipientStatuses,
  signingRequestStatuses,
} from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';
import { placedFieldSchema, placedRoleSchema, type StoredPlacedField, type StoredPlacedRole } from '../placed-fields';
import type { AuditEventData } from '../sealing/audit-trail';
import type { OutboxEntry } from './signing-outbox';

// Recipients, like the roles and fields copied from the source, are arrays of small subdocuments (no
// nested arrays, decision 013): the request is read whole by every transition and written by one guarded update.
const recipientSchema = new Schema(
  {
    id: { type: String, required: true },
    roleId: { type: String, required: true },
    roleName: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    kind: { type: String, enum: signingRecipientKinds, required: true },
    stage: { type: Number, required: true },
    status: { type: String, enum: signingRecipientStatuses, required: true },
    /** SHA-256 of the recipient's link token (signing-links.ts); the token itself is never stored. */
    tokenHash: { type: String, required: true },
    mailedAt: { type: Date, default: null },
    actedAt: { type: Date, default: null },
    ip: { type: String, default: null },
    userAgent: { type: String, default: null },
    declineReason: { type: String, default: null },
    delegatedTo: { type: String, default: null },
    /** The id of the values they signed or approved with (signing_values). */
    valuesId: { type: String, default: null },
  },
  { _id: false, id: false },
);

const sealedSchema = new Schema(
  {
    fileId: { type: String, required: true },
    size: { type: Number, required: true },
    sha256: { type: String, required: true },
    sealedAt: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * One signing request: ONE document holds everything a transition reads and changes (status, the
 * recipients and their parts, `rev`), and what must follow it (audit events to append, mails and jobs
 * to queue). What only a recipient's own browser changes (their one-time code, that they looked) is
 * kept apart (signing_codes, the trail), so fifty people at once contend here only for their part. Every transition is one findOneAndUpdate guarded by `rev` and the business
 * condition (signing-transitions.ts, as the approval engine's, decision 016).
 */
const signingRequestSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    title: { type: String, required: true },
    source: {
      kind: { type: String, enum: ['document', 'template'], required: true },
      id: { type: String, required: true },
      name: { type: String, required: true },
    },
    /** The request's own copy of the PDF (files module, kind `library`), counted against the team's storage. */
    fileId: { type: String, required: true },
    size: { type: Number, required: true },
    pageCount: { type: Number, required: true },
    sha256: { type: String, required: true },
    language: { type: String, enum: ['de', 'en'], required: true },
    senderId: { type: Schema.Types.ObjectId, required: true },
    senderName: { type: String, required: true },
    senderEmail: { type: String, required: true },
    senderLocale: { type: String, enum: ['de', 'en'], required: true },
    message: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    reminderEveryDays: { type: Number, default: null },
    /** The reminder round the next reminder job is for; a job of another round does nothing. */
    reminderRound: { type: Number, required: true },
    allowDelegation: { type: Boolean, required: true },
    roles: { type: [placedRoleSchema], default: [] },
    fields: { type: [placedFieldSchema], default: [] },
    /**
     * Values the fields were filled with before sending (a form's answers, by field id): fixed, so no
     * recipient fills them, and the seal draws them as they are.
     */
    prefilled: { type: Schema.Types.Mixed, default: {} },
    /** What started the request when no person sent it: a form's submission (module form-signing). */
    origin: {
      type: new Schema(
        {
          kind: { type: String, enum: ['submission'], required: true },
          formId: { type: String, required: true },
          submissionId: { type: String, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    recipients: { type: [recipientSchema], default: [] },
    status: { type: String, enum: signingRequestStatuses, required: true },
    sealed: { type: sealedSchema, default: null },
    /** Raised by every transition; each is written only over the revision it was computed from. */
    rev: { type: Number, required: true },
    /** Mails and jobs a transition set off, by id, until queued (signing-outbox.ts). */
    outbox: { type: Schema.Types.Mixed, required: true },
    /** Audit events a transition recorded, by their key, until appended to the trail (signing-events.ts). */
    pendingEvents: { type: Schema.Types.Mixed, required: true },
    /**
     * Set by every transition, cleared once its events, mails and jobs are out: a request still marked
     * after a while lost its follow-up (the api died in between) and the repair job redoes it.
     */
    hasFollowUp: { type: Boolean, required: true },
    followUpSince: { type: Date, default: null },
    // Numbered 1, 2, 3 … per team (signing-counters.ts); a block holds 100 numbers, so any page of the
    // list is read by equality on {teamId, block} (decision 013), as the library's.
    seq: { type: Number, required: true },
    block: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    closedAt: { type: Date, default: null },
  },
  { versionKey: false, minimize: false },
);
signingRequestSchema.index({ teamId: 1, block: 1 });
// The repair job's lookup: an equality on `true`, which only requests in mid-transition match.
signingRequestSchema.index({ hasFollowUp: 1 });

export type { StoredPlacedField as StoredField, StoredPlacedRole as StoredRole } from '../placed-fields';

export type StoredRecipient = {
  id: string;
  roleId: string;
  roleName: string;
  name: string;
  email: string;
  kind: SigningRecipientKind;
  stage: number;
  status: SigningRecipientStatus;
  tokenHash: string;
  mailedAt: Date | null;
  actedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  declineReason: string | null;
  delegatedTo: string | null;
  valuesId: string | null;
};

/** A field's value fixed before sending: text (a date as YYYY-MM-DD) or a box's tick. */
export type PrefilledValue = string | boolean;

export type SigningRequestOrigin = { kind: 'submission'; formId: string; submissionId: string };

export type PendingEvent = { order: number; data: AuditEventData };

export type StoredSigningRequest = {
  _id: Types.ObjectId;
  teamId: number;
  title: string;
  source: { kind: 'document' | 'template'; id: string; name: string };
  fileId: string;
  size: number;
  pageCount: number;
  sha256: string;
  language: Locale;
  senderId: Types.ObjectId;
  senderName: string;
  senderEmail: string;
  senderLocale: Locale;
  message: string | null;
  expiresAt: Date;
  reminderEveryDays: number | null;
  reminderRound: number;
  allowDelegation: boolean;
  roles: StoredPlacedRole[];
  fields: StoredPlacedField[];
  /** Missing on requests sent before fields could be prefilled. */
  prefilled?: Record<string, PrefilledValue>;
  origin?: SigningRequestOrigin | null;
  recipients: StoredRecipient[];
  status: SigningRequestStatus;
  sealed: { fileId: string; size: number; sha256: string; sealedAt: Date } | null;
  rev: number;
  outbox: Record<string, OutboxEntry>;
  pendingEvents: Record<string, PendingEvent>;
  hasFollowUp: boolean;
  followUpSince: Date | null;
  seq: number;
  block: number;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
};

export const SigningRequestModel = model('SigningRequest', signingRequestSchema, 'signing_requests');
