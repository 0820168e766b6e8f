import { z } from 'zod';
import { conditionSchema, elementIdSchema } from '../form-definition.contract';

/**
 * The "condition" tab: rules "when … then show/hide a field, skip to a page, or end the form".
 * Evaluated by `resolveForm` in form-answers.ts, on the public page and in the api alike.
 */
export const logicRuleSchema = z.strictObject({
  id: elementIdSchema,
  when: conditionSchema,
  effect: z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('show'), fieldId: elementIdSchema }),
    z.strictObject({ action: z.literal('hide'), fieldId: elementIdSchema }),
    z.strictObject({ action: z.literal('skipToPage'), pageId: elementIdSchema }),
    z.strictObject({ action: z.literal('endForm') }),
  ]),
});
export type LogicRuleInput = z.input<typeof logicRuleSchema>;

export const logicSettingsSchema = z.strictObject({ rules: z.array(logicRuleSchema).max(100).default([]) });
export type LogicSettings = z.infer<typeof logicSettingsSchema>;
