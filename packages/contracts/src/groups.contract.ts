import { z } from 'zod';
import { objectIdSchema } from './teams.contract';

export const groupNameSchema = z.string().trim().min(1).max(100);

export const groupSummarySchema = z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() });
export type GroupSummary = z.infer<typeof groupSummarySchema>;
export const groupListResponseSchema = z.object({ groups: z.array(groupSummarySchema) });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const groupMemberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupResponseSchema = z.object({ id: z.string(), name: z.string(), members: z.array(groupMemberSchema) });
export type GroupResponse = z.infer<typeof groupResponseSchema>;

export const groupParamsSchema = z.object({ groupId: objectIdSchema });
export const groupMemberParamsSchema = z.object({ groupId: objectIdSchema, userId: objectIdSchema });
export const saveGroupRequestSchema = z.strictObject({ name: groupNameSchema });
export type SaveGroupRequest = z.input<typeof saveGroupRequestSchema>;
export const addGroupMemberRequestSchema = z.strictObject({ userId: objectIdSchema });
export type AddGroupMemberRequest = z.input<typeof addGroupMemberRequestSchema>;
