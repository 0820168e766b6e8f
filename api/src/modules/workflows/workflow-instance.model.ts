import { type FormDefinition, instanceStatusSchema } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import type { WorkflowMailRequest } from '../mail/mail-messages';
import type { InstanceState } from './workflow-engine';

/**
 * One running (or ended) approval: ONE document holds everything a transition reads and changes (the
 * engine's state: open tasks by id, votes, decisions, the recent timeline, the next timer) and the
 * outbox of mails it set off. Every transition is one findOneAndUpdate guarded by `rev`
 * (workflow-instances.ts): FerretDB has no transactions, and this is what makes two approvers clicking
 * at once, a retried request or a timer firing during a decision count once.
 */
const workflowInstanceSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    workflowId: { type: Schema.Types.ObjectId, required: true },
    workflowName: { type: String, required: true },
    version: { type: Number, required: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    /** The published definition the submission answered, as it was then. */
    form: { type: Schema.Types.Mixed, required: true },
    submissionId: { type: Schema.Types.ObjectId, required: true },
    submissionNumber: { type: Number, default: null },
    status: { type: String, enum: instanceStatusSchema.options, required: true },
    answers: { type: Schema.Types.Mixed, required: true },
    requesterEmail: { type: String, default: null },
    nodeStates: { type: Schema.Types.Mixed, required: true },
    tasks: { type: Schema.Types.Mixed, required: true },
    /** The ids of `tasks`, for finding the instance of a task by equality. */
    taskIds: { type: [String], default: [] },
    /** Users whose part of an open task a delegate holds undecided: found by equality when their absence ends. */
    absentUserIds: { type: [String], default: [] },
    decisions: { type: Schema.Types.Mixed, required: true },
    joinArrivals: { type: Schema.Types.Mixed, required: true },
    changesRequested: { type: Schema.Types.Mixed, default: null },
    timeline: { type: Schema.Types.Mixed, required: true },
    endedAt: { type: String, default: null },
    nextTimerAt: { type: String, default: null },
    /** Raised by every transition; each is written only over the revision it was computed from. */
    rev: { type: Number, required: true, default: 0 },
    /** Mails not sent yet, by id; the outbox job sends each and removes it (workflow-mails.ts). */
    outbox: { type: Schema.Types.Mixed, required: true },
    /**
     * Set by every transition in its own update, cleared once the inbox entries, mails and timer that
     * follow it are in place: an instance still marked after a short while lost its follow-up (the api
     * died in between), and the repair job redoes it (workflow-instances.ts repairUnfollowedInstances).
     */
    isFollowUpPending: { type: Boolean, default: false },
    followUpPendingSince: { type: Date, default: null },
  },
  { timestamps: true, minimize: false },
);
// One instance per submission: a start job that runs twice finds the first.
workflowInstanceSchema.index({ submissionId: 1 }, { unique: true });
workflowInstanceSchema.index({ taskIds: 1 });
workflowInstanceSchema.index({ absentUserIds: 1 });
// The repair job's lookup: an equality on `true`, which only the few instances in mid-transition match.
workflowInstanceSchema.index({ isFollowUpPending: 1 });
workflowInstanceSchema.index({ teamId: 1, status: 1 });

export type OutboxEntry = {
  mail: WorkflowMailRequest;
  /** The recipient's account: the mail is also a notification in the app, as they chose. */
  userId: string | null;
  /** Set while a job sends it: another job leaves it alone until it is stale. */
  sendingSince: string | null;
};

export type WorkflowInstance = InstanceState & {
  _id: Types.ObjectId;
  teamId: number;
  workflowId: Types.ObjectId;
  workflowName: string;
  version: number;
  formId: Types.ObjectId;
  form: FormDefinition;
  submissionId: Types.ObjectId;
  submissionNumber: number | null;
  taskIds: string[];
  absentUserIds?: string[];
  rev: number;
  /** Absent on instances stored before the marker existed. */
  isFollowUpPending?: boolean;
  followUpPendingSince?: Date | null;
  outbox: Record<string, OutboxEntry>;
  createdAt: Date;
  updatedAt: Date;
};
export const WorkflowInstanceModel = model('WorkflowInstance', workflowInstanceSchema);
