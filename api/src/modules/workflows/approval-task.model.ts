import { taskStatusSchema } from '@formwerk/contracts';
import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

export const inboxBoxes = ['mine', 'pool', 'done', 'none'] as const;
export type InboxBox = (typeof inboxBoxes)[number];

/**
 * One task as one person's inbox lists it: a copy derived from the instance (the authority) right
 * after each transition, so the inbox reads by equality on {userId, box} (decision 4). `box` says
 * where it is listed: `mine` (to decide), `pool` (to claim), `done` (decided by this person, or closed
 * after they took part) or `none` (claimed by another, reassigned away). Written only over an older
 * `instanceRev`, so syncs that overlap never bring an older state back.
 */
const approvalTaskSchema = new Schema(
  {
    /** `<taskId>:<userId>`. */
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    box: { type: String, enum: inboxBoxes, required: true },
    instanceRev: { type: Number, required: true },
    teamId: { type: Number, required: true },
    taskId: { type: String, required: true },
    instanceId: { type: String, required: true },
    workflowId: { type: String, required: true },
    workflowName: { type: String, required: true },
    stepLabel: { type: String, required: true },
    formId: { type: String, required: true },
    formTitle: { type: String, required: true },
    submissionId: { type: String, required: true },
    submissionNumber: { type: Number, default: null },
    requester: { type: String, default: null },
    mode: { type: String, enum: ['vote', 'pool'], required: true },
    status: { type: String, enum: taskStatusSchema.options, required: true },
    claimedBy: { type: String, default: null },
    onBehalfOf: { type: String, default: null },
    createdAt: { type: Date, required: true },
    dueAt: { type: Date, default: null },
    closedAt: { type: Date, default: null },
    canBulkApprove: { type: Boolean, required: true },
    /** Workflow, step, form, requester and number in lower case, for the inbox's search. */
    searchText: { type: String, required: true },
  },
  { versionKey: false },
);
approvalTaskSchema.index({ userId: 1, box: 1 });
// A respondent's erasure removes every inbox entry of their submission (module privacy).
approvalTaskSchema.index({ submissionId: 1 });

export type ApprovalTask = InferSchemaType<typeof approvalTaskSchema>;
export const ApprovalTaskModel = model('ApprovalTask', approvalTaskSchema);
