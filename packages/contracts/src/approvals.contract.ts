import { z } from 'zod';
import { formDefinitionSchema } from './form-definition.contract';
import { objectIdSchema } from './teams.contract';
import { completionRuleSchema, workflowGraphSchema, workflowScreenSchema } from './workflow-graph.contract';

/**
 * Running approvals (api module `workflows`, pages /v1/approve, /v1/approve/approvals,
 * /v1/approve/{id} and /v1/submissions/{id}/workflow). A task is one approval step of one running
 * instance as one person sees it; its id is stable for the life of the step.
 */
export const taskParamsSchema = z.object({ taskId: objectIdSchema });
export const instanceParamsSchema = z.object({ instanceId: objectIdSchema });

export const instanceStatusSchema = z.enum([
  'running',
  'changesRequested',
  'approved',
  'rejected',
  'withdrawn',
  'cancelled',
]);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

export const taskStatusSchema = z.enum(['open', 'approved', 'rejected', 'changesRequested', 'cancelled']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const inboxTabSchema = z.enum(['mine', 'pool', 'delegated', 'overdue', 'done']);
export type InboxTab = z.infer<typeof inboxTabSchema>;

export const taskSummarySchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  stepLabel: z.string(),
  formId: z.string(),
  formTitle: z.string(),
  submissionId: z.string(),
  /** The submission's number in its form (#42). */
  submissionNumber: z.number().int().nullable(),
  /** Who asked: the requester's address when the form has one, else null (anonymous). */
  requester: z.string().nullable(),
  mode: z.enum(['vote', 'pool']),
  status: taskStatusSchema,
  /** Pool tasks: who claimed it; null while anyone of the pool may. */
  claimedBy: z.string().nullable(),
  /** Delegated tasks: the absent person this one decides for. */
  onBehalfOf: z.string().nullable(),
  createdAt: z.iso.datetime(),
  dueAt: z.iso.datetime().nullable(),
  isOverdue: z.boolean(),
  /** Bulk approval is offered only when the step's screen asks nothing of the approver. */
  canBulkApprove: z.boolean(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const inboxQuerySchema = z.object({
  tab: inboxTabSchema.default('mine'),
  workflowId: objectIdSchema.optional(),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxResponseSchema = z.object({
  tasks: z.array(taskSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Open tasks per tab, for the tab labels. */
  counts: z.object({
    mine: z.number().int(),
    pool: z.number().int(),
    delegated: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/** GET /approvals/overview: the start page of /v1/approve. */
export const approvalsOverviewResponseSchema = z.object({
  counts: z.object({
    mine: z.number().int(),
    pool: z.number().int(),
    delegated: z.number().int(),
    overdue: z.number().int(),
    /** Instances of the team's workflows waiting on someone else. */
    waitingOnOthers: z.number().int(),
  }),
  /** My open tasks, the ones due first first (at most 5). */
  dueFirst: z.array(taskSummarySchema),
  /** Team admins: instances running longer than the workflow's maximum age (nothing left in limbo). */
  stuck: z.array(
    z.object({
      instanceId: z.string(),
      submissionId: z.string(),
      workflowName: z.string(),
      startedAt: z.iso.datetime(),
    }),
  ),
});
export type ApprovalsOverviewResponse = z.infer<typeof approvalsOverviewResponseSchema>;

/**
 * An assignee of a step that reaches nobody: a user deleted or no longer in the team (named when
 * known), a group deleted or without members in the team, an email field answered empty or with no
 * valid address.
 */
export const missingAssigneeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), name: z.string().nullable() }),
  z.object({ kind: z.literal('group'), isDeleted: z.boolean() }),
  z.object({ kind: z.literal('answer'), fieldLabel: z.string() }),
]);
export type MissingAssignee = z.infer<typeof missingAssigneeSchema>;

export const timelineEntrySchema = z.object({
  at: z.iso.datetime(),
  kind: z.enum([
    'started',
    'stepStarted',
    'approved',
    'rejected',
    'changesRequested',
    'resubmitted',
    'claimed',
    'reassigned',
    'commented',
    'reminded',
    'escalated',
    'notified',
    /** A step's assignee reaches nobody (`missing` says who); the team's owner and admins were told. */
    'assigneeMissing',
    /** An absence ended: what the delegate held and had not decided went back to `actor`. */
    'returnedAfterAbsence',
    'withdrawn',
    'cancelled',
    'completed',
  ]),
  /** Who acted (a name), or null for the system (timers, the engine). */
  actor: z.string().nullable(),
  /** "B for A": the absent person a delegate acted for. */
  onBehalfOf: z.string().nullable(),
  nodeId: z.string().nullable(),
  stepLabel: z.string().nullable(),
  comment: z.string().nullable(),
  /** Form fields the requester changed when resubmitting. */
  changedFieldIds: z.array(z.string()).optional(),
  /** `assigneeMissing`: the assignees that reach nobody. */
  missing: z.array(missingAssigneeSchema).optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const voteSchema = z.object({
  name: z.string(),
  outcome: z.enum(['approved', 'rejected', 'changesRequested']).nullable(),
  at: z.iso.datetime().nullable(),
  onBehalfOf: z.string().nullable(),
});
export type Vote = z.infer<typeof voteSchema>;

/** GET /approvals/tasks/{taskId}: one task with the submission seen through its step's screen. */
export const taskDetailResponseSchema = z.object({
  task: taskSummarySchema,
  rule: completionRuleSchema,
  votes: z.array(voteSchema),
  form: formDefinitionSchema,
  answers: z.record(z.string(), z.unknown()),
  /** The step's screen; without one, every answer is read-only and nothing extra is asked. */
  screen: workflowScreenSchema.nullable(),
  timeline: z.array(timelineEntrySchema),
  /** Who decided, when the task is no longer open. */
  decidedBy: z.string().nullable(),
  can: z.object({
    decide: z.boolean(),
    claim: z.boolean(),
    release: z.boolean(),
    reassign: z.boolean(),
    /** The signed-in user asked for it: nobody approves their own request. */
    isOwnRequest: z.boolean(),
  }),
});
export type TaskDetailResponse = z.infer<typeof taskDetailResponseSchema>;

/**
 * POST /approvals/tasks/{taskId}/decision. `comment` is required to reject or request changes;
 * `answers` may change only fields the screen makes editable; `extra` fills the screen's extra fields.
 * A task no longer open answers TASK_CLOSED with `details` naming who decided.
 */
export const decisionRequestSchema = z.strictObject({
  outcome: z.enum(['approve', 'reject', 'requestChanges']),
  comment: z.string().trim().max(2000).default(''),
  answers: z.record(z.string(), z.unknown()).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
});
export type DecisionRequest = z.input<typeof decisionRequestSchema>;
export const taskClosedDetailsSchema = z.object({ decidedBy: z.string().nullable(), status: taskStatusSchema });

export const bulkDecisionRequestSchema = z.strictObject({ taskIds: z.array(objectIdSchema).min(1).max(100) });
export const bulkDecisionResponseSchema = z.object({
  approved: z.array(z.string()),
  /** Tasks not approved, with the error code that kept each (TASK_CLOSED, INPUT_REQUIRED, ...). */
  skipped: z.array(z.object({ taskId: z.string(), code: z.string() })),
});
export type BulkDecisionResponse = z.infer<typeof bulkDecisionResponseSchema>;

export const reassignRequestSchema = z.strictObject({
  userId: objectIdSchema,
  comment: z.string().trim().max(2000).default(''),
});
export const commentRequestSchema = z.strictObject({ text: z.string().trim().min(1).max(2000) });

/** GET /submissions/{submissionId}/workflow: the requester's and the owner's view of a running approval. */
export const instanceResponseSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  version: z.number().int(),
  status: instanceStatusSchema,
  graph: workflowGraphSchema,
  /** Per node: where the instance is and has been. Nodes not named were not reached. */
  nodeStates: z.record(z.string(), z.enum(['active', 'approved', 'rejected', 'passed', 'cancelled'])),
  timeline: z.array(timelineEntrySchema),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** While changes are requested: what was asked and which fields may change. */
  changesRequested: z.object({ comment: z.string(), by: z.string(), editableFieldIds: z.array(z.string()) }).nullable(),
  can: z.object({ withdraw: z.boolean(), resubmit: z.boolean() }),
  /**
   * Who looks: a member of the form's team, or the requester (signed in with the address the request
   * came from, perhaps from outside the team), who sees this page but not the team's other pages.
   */
  viewer: z.enum(['team', 'requester']),
});
export type InstanceResponse = z.infer<typeof instanceResponseSchema>;

export const resubmitRequestSchema = z.strictObject({ answers: z.record(z.string(), z.unknown()) });
export const withdrawRequestSchema = z.strictObject({ comment: z.string().trim().max(2000).default('') });

/**
 * PUT /approvals/absence: while the signed-in user is away (`from` to `until`), their new tasks of the
 * workflows named (none named: all) go to the delegate, who decides "for" them (`onBehalfOf`); with
 * `includeOpen`, the tasks open when the absence begins go too. When it ends (or is removed, or
 * shortened to end now) new tasks come to the user again, and open tasks the delegate holds
 * undecided come back; what the delegate decided stays decided.
 */
export const absenceRequestSchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }),
    until: z.iso.datetime({ offset: true }),
    delegateUserId: objectIdSchema,
    workflowIds: z.array(objectIdSchema).max(50).default([]),
    includeOpen: z.boolean().default(false),
  })
  .refine((absence) => Date.parse(absence.until) > Date.parse(absence.from), {
    message: 'The absence must end after it begins',
    path: ['until'],
  });
export type AbsenceRequest = z.input<typeof absenceRequestSchema>;

export const absenceSchema = z.object({
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  delegate: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  workflowIds: z.array(z.string()),
  includeOpen: z.boolean(),
  /** The absence is in force now. */
  isActive: z.boolean(),
});
export type Absence = z.infer<typeof absenceSchema>;
/** GET and PUT /approvals/absence; `absence` is null when none is set (DELETE answers 204). */
export const absenceResponseSchema = z.object({ absence: absenceSchema.nullable() });
export type AbsenceResponse = z.infer<typeof absenceResponseSchema>;
