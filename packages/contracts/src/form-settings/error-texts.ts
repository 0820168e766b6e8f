import { z } from 'zod';
import { answerIssueCodes } from '../form-answers';
import { elementIdSchema } from '../form-definition.contract';

const localizedText = z.strictObject({ de: z.string().max(500).optional(), en: z.string().max(500).optional() });
export type LocalizedText = z.infer<typeof localizedText>;
const textsPerRule = z.partialRecord(z.enum(answerIssueCodes), localizedText);

/**
 * The "error" tab: the public page's messages replaced per validation rule (for every field) and per
 * field and rule, in both languages. `{min}`, `{max}`, `{decimals}` fill in the rule's limit.
 */
export const errorTextSettingsSchema = z.strictObject({
  rules: textsPerRule.default({}),
  fields: z.record(elementIdSchema, textsPerRule).default({}),
});
export type ErrorTextSettings = z.infer<typeof errorTextSettingsSchema>;
