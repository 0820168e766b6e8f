import { z } from 'zod';
import { conditionRuleSchema, elementIdSchema } from './form-definition.contract';
import { objectIdSchema } from './teams.contract';

/**
 * The graph of an approval workflow (issue "Approval workflows"): the editor draws it, the api
 * validates it with validateWorkflowGraph before publishing, and the engine runs a published copy.
 * Every node and edge has a stable id; outgoing edges leave a node by a named handle
 * (see `outgoingHandles`), so a step's "approved" and "rejected" ways stay apart.
 */
export const workflowNodeIdSchema = elementIdSchema;

const label = z.string().trim().max(120);
const position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });

/** Who a step or a notification goes to; resolved and frozen when the step starts. */
export const assigneeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('user'), userId: objectIdSchema }),
  z.strictObject({ kind: z.literal('group'), groupId: objectIdSchema }),
  /** The address the requester typed into an email field of the form. */
  z.strictObject({ kind: z.literal('answer'), fieldId: elementIdSchema }),
]);
export type Assignee = z.infer<typeof assigneeSchema>;

/** When a step is done: as soon as the result is certain, not when everyone has voted. */
export const completionRuleSchema = z.discriminatedUnion('kind', [
  /** The first approval approves; the step rejects only when nobody can approve any more. */
  z.strictObject({ kind: z.literal('any') }),
  /** Every assignee approves; the first rejection rejects (a veto). */
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('atLeast'), count: z.number().int().min(1).max(500) }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
  /** More than half of the assignees approve. */
  z.strictObject({ kind: z.literal('majority') }),
]);
export type CompletionRule = z.infer<typeof completionRuleSchema>;

export const breachActions = ['notify', 'addApprover', 'reassign', 'decide'] as const;
export type BreachAction = (typeof breachActions)[number];

export const deadlineSchema = z.strictObject({
  /** Hours after the step starts, or the date a date field of the form holds (end of that day). */
  due: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('duration'),
      hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 365),
    }),
    z.strictObject({ kind: z.literal('dateField'), fieldId: elementIdSchema }),
  ]),
  /** A reminder this many hours before the deadline (none when absent). */
  remindBeforeHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
  /** After the deadline, a reminder every this many hours until the step ends (none when absent). */
  remindEveryHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
  onBreach: z.enum(breachActions).default('notify'),
  /** Who is added or takes over on `addApprover` / `reassign`; team admins are told on `notify`. */
  escalateTo: assigneeSchema.optional(),
  /** What `decide` decides; opt-in, never the default. */
  decision: z.enum(['approve', 'reject']).optional(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

const nodeBase = { id: workflowNodeIdSchema, position };

export const workflowNodeSchema = z.discriminatedUnion('type', [
  /** Snapshots the submission and starts the instance. Exactly one per graph. */
  z.strictObject({ ...nodeBase, type: z.literal('start') }),
  z.strictObject({
    ...nodeBase,
    type: z.literal('approval'),
    label,
    assignees: z.array(assigneeSchema).max(50),
    /** `vote`: every assignee decides; `pool`: one assignee claims the task and decides alone. */
    mode: z.enum(['vote', 'pool']).default('vote'),
    rule: completionRuleSchema.default({ kind: 'any' }),
    deadline: deadlineSchema.optional(),
    /** The screen approvers see at this step; without one, every answer is shown read-only. */
    screenId: elementIdSchema.optional(),
  }),
  /** Ordered rules, the first that holds picks its way; otherwise the default way. */
  z.strictObject({
    ...nodeBase,
    type: z.literal('condition'),
    label,
    rules: z
      .array(
        z.strictObject({
          id: elementIdSchema,
          label,
          combinator: z.enum(['and', 'or']),
          /** `source: 'decision'` compares the outcome ('approved' | 'rejected') of the step named by `fieldId`. */
          conditions: z
            .array(conditionRuleSchema.extend({ source: z.enum(['answer', 'decision']).default('answer') }))
            .min(1)
            .max(20),
        }),
      )
      .max(20),
  }),
  /** Starts every outgoing way at once; a rejection on one of them cancels the others. */
  z.strictObject({ ...nodeBase, type: z.literal('split') }),
  /** Waits for every way its split started. */
  z.strictObject({ ...nodeBase, type: z.literal('join') }),
  z.strictObject({
    ...nodeBase,
    type: z.literal('notify'),
    label,
    recipients: z.array(assigneeSchema).min(1).max(50),
    message: z.string().max(2000).default(''),
  }),
  z.strictObject({ ...nodeBase, type: z.literal('end'), outcome: z.enum(['approved', 'rejected']) }),
]);
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type WorkflowNodeType = WorkflowNode['type'];
export type ApprovalNode = Extract<WorkflowNode, { type: 'approval' }>;
export type ConditionNode = Extract<WorkflowNode, { type: 'condition' }>;

export const workflowEdgeSchema = z.strictObject({
  id: elementIdSchema,
  source: workflowNodeIdSchema,
  /** One of `outgoingHandles(source node)`. */
  sourceHandle: elementIdSchema,
  target: workflowNodeIdSchema,
});
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

export const screenFieldAccessSchema = z.enum(['editable', 'readonly', 'hidden']);
export type ScreenFieldAccess = z.infer<typeof screenFieldAccessSchema>;

/** A field the approver fills at a step (a cost centre, a note); kept with the decision. */
export const screenExtraFieldSchema = z.strictObject({
  id: elementIdSchema,
  label: z.string().trim().min(1).max(200),
  type: z.enum(['shortText', 'longText', 'number', 'date', 'yesNo']),
  required: z.boolean().default(false),
});
export type ScreenExtraField = z.infer<typeof screenExtraFieldSchema>;

export const workflowScreenSchema = z.strictObject({
  id: elementIdSchema,
  name: z.string().trim().min(1).max(120),
  /** Access per form field id; a field not listed is read-only. */
  fields: z.record(elementIdSchema, screenFieldAccessSchema).default({}),
  extraFields: z.array(screenExtraFieldSchema).max(30).default([]),
});
export type WorkflowScreen = z.infer<typeof workflowScreenSchema>;

export const workflowGraphSchema = z.strictObject({
  nodes: z.array(workflowNodeSchema).max(200),
  edges: z.array(workflowEdgeSchema).max(400),
  screens: z.array(workflowScreenSchema).max(50).default([]),
});
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;
export type WorkflowGraphInput = z.input<typeof workflowGraphSchema>;

/** The handles a node's outgoing edges leave by. */
export function outgoingHandles(node: WorkflowNode): string[] {
  switch (node.type) {
    case 'start':
    case 'join':
    case 'notify':
      return ['out'];
    case 'approval':
      return ['approved', 'rejected'];
    case 'condition':
      return [...node.rules.map((rule) => rule.id), 'default'];
    case 'split':
      return ['out'];
    case 'end':
      return [];
  }
}
