import { z } from 'zod';
import { objectIdSchema } from './teams.contract';
import { type WorkflowGraphInput, workflowGraphSchema } from './workflow-graph.contract';
import { workflowProblemCodes } from './workflow-validation';

/**
 * Workflow definitions of a team (api module `workflows`, pages /v1/approve/workflows and
 * /v1/workflow/{id}). The draft is edited; publishing copies it into an immutable numbered version,
 * and running instances stay on the version they started with.
 */
export const workflowNameSchema = z.string().trim().min(1).max(120);

export const workflowParamsSchema = z.object({ workflowId: objectIdSchema });
export const workflowVersionParamsSchema = z.object({
  workflowId: objectIdSchema,
  version: z.coerce.number().int().min(1),
});

export const workflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The forms whose new submissions start this workflow. */
  forms: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The newest published version; null while only a draft exists. */
  publishedVersion: z.number().int().nullable(),
  /** The draft differs from the newest published version. */
  hasUnpublishedChanges: z.boolean(),
  runningCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;
export const workflowListResponseSchema = z.object({ workflows: z.array(workflowSummarySchema) });
export type WorkflowListResponse = z.infer<typeof workflowListResponseSchema>;

export const workflowVersionSummarySchema = z.object({
  version: z.number().int(),
  publishedAt: z.iso.datetime(),
  publishedBy: z.string(),
});
export type WorkflowVersionSummary = z.infer<typeof workflowVersionSummarySchema>;

export const workflowResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  forms: z.array(z.object({ id: z.string(), title: z.string() })),
  graph: workflowGraphSchema,
  /** Increases with every saved draft; a save must name the revision it was based on. */
  revision: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  hasUnpublishedChanges: z.boolean(),
  versions: z.array(workflowVersionSummarySchema),
  updatedAt: z.iso.datetime(),
});
export type WorkflowResponse = z.infer<typeof workflowResponseSchema>;

export const createWorkflowRequestSchema = z.strictObject({
  name: workflowNameSchema,
  formIds: z.array(objectIdSchema).max(20).default([]),
});
export type CreateWorkflowRequest = z.input<typeof createWorkflowRequestSchema>;

/** PUT /workflows/{id}: saves the draft; VERSION_CONFLICT when `revision` is not the stored one. */
export const saveWorkflowRequestSchema = z.strictObject({
  name: workflowNameSchema,
  description: z.string().trim().max(1000).default(''),
  formIds: z.array(objectIdSchema).max(20),
  graph: workflowGraphSchema,
  revision: z.number().int().min(0),
});
export type SaveWorkflowRequest = z.input<typeof saveWorkflowRequestSchema> & { graph: WorkflowGraphInput };

/** POST /workflows/{id}/publish: WORKFLOW_INVALID with `details` below while the draft has problems. */
export const publishWorkflowRequestSchema = z.strictObject({ revision: z.number().int().min(0) });
export type PublishWorkflowRequest = z.input<typeof publishWorkflowRequestSchema>;

export const workflowProblemSchema = z.object({
  code: z.enum(workflowProblemCodes),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
  ref: z.string().optional(),
});
export const workflowInvalidDetailsSchema = z.object({ problems: z.array(workflowProblemSchema) });
export type WorkflowInvalidDetails = z.infer<typeof workflowInvalidDetailsSchema>;

/** GET /workflows/{id}/versions/{version}: a published version as it runs. */
export const workflowVersionResponseSchema = workflowVersionSummarySchema.extend({
  workflowId: z.string(),
  name: z.string(),
  graph: workflowGraphSchema,
});
export type WorkflowVersionResponse = z.infer<typeof workflowVersionResponseSchema>;

/** GET /workflows/people: who a step can be assigned to (members and groups of the team). */
export const workflowPeopleResponseSchema = z.object({
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() })),
});
export type WorkflowPeopleResponse = z.infer<typeof workflowPeopleResponseSchema>;
