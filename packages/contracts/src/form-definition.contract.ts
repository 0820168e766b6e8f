import { z } from 'zod';
import { isValidAnswerPattern } from './answer-pattern';
import { conditionOperators } from './form-model-constants';

/**
 * The form model: one schema for the builder, the public fill page and the api (issue "Forms").
 * A form has pages; a page has fields; every field and page has a stable id that answers, conditions
 * and calculations refer to, so renaming or moving a field never breaks them.
 */
export const elementIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const conditionRuleSchema = z.strictObject({
  fieldId: elementIdSchema,
  operator: z.enum(conditionOperators),
  value: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
});
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

/** "When all (and) / any (or) of these rules hold". */
export const conditionSchema = z.strictObject({
  combinator: z.enum(['and', 'or']),
  rules: z.array(conditionRuleSchema).min(1).max(20),
});
export type Condition = z.infer<typeof conditionSchema>;

const text = (max: number) => z.string().max(max);
const positiveCount = z.number().int().min(0).max(10_000);

const fieldBase = {
  id: elementIdSchema,
  label: text(500),
  help: text(1000).optional(),
  required: z.boolean().default(false),
  /** Shown only while this holds; a hidden field's answer is discarded and never required. */
  visibleWhen: conditionSchema.optional(),
};

export const choiceSchema = z.strictObject({ id: elementIdSchema, label: text(300) });
export type Choice = z.infer<typeof choiceSchema>;
const choices = z.array(choiceSchema).min(1).max(200);

export const fieldSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...fieldBase,
    type: z.literal('shortText'),
    placeholder: text(200).optional(),
    minLength: positiveCount.optional(),
    maxLength: positiveCount.optional(),
    /** A regular expression the whole answer must match, in what RE2 understands (answer-pattern.ts). */
    pattern: text(300).refine(isValidAnswerPattern, 'A pattern RE2 cannot compile').optional(),
  }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('longText'),
    placeholder: text(200).optional(),
    minLength: positiveCount.optional(),
    maxLength: positiveCount.optional(),
  }),
  z.strictObject({ ...fieldBase, type: z.literal('email'), placeholder: text(200).optional() }),
  z.strictObject({ ...fieldBase, type: z.literal('phone'), placeholder: text(200).optional() }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    /** Digits after the decimal point an answer may have (0 for whole numbers). */
    decimals: z.number().int().min(0).max(6).default(2),
  }),
  z.strictObject({ ...fieldBase, type: z.literal('date'), min: z.iso.date().optional(), max: z.iso.date().optional() }),
  z.strictObject({ ...fieldBase, type: z.literal('time'), min: z.iso.time().optional(), max: z.iso.time().optional() }),
  z.strictObject({ ...fieldBase, type: z.literal('singleChoice'), choices }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('multipleChoice'),
    choices,
    minChoices: positiveCount.optional(),
    maxChoices: positiveCount.optional(),
  }),
  z.strictObject({ ...fieldBase, type: z.literal('dropdown'), choices }),
  z.strictObject({ ...fieldBase, type: z.literal('yesNo') }),
  z.strictObject({ ...fieldBase, type: z.literal('rating'), max: z.number().int().min(3).max(10).default(5) }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('opinionScale'),
    min: z.union([z.literal(0), z.literal(1)]).default(0),
    max: z.number().int().min(5).max(10).default(10),
    minLabel: text(100).optional(),
    maxLabel: text(100).optional(),
  }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('fileUpload'),
    /** MIME types or families (`image/*`); empty accepts the types the product allows at all. */
    accept: z.array(text(100)).max(20).default([]),
    maxSizeMb: z.number().min(0.1).max(25).default(10),
    maxFiles: z.number().int().min(1).max(10).default(1),
  }),
  z.strictObject({ ...fieldBase, type: z.literal('signature') }),
  z.strictObject({ ...fieldBase, type: z.literal('consent'), text: text(2000) }),
  z.strictObject({ ...fieldBase, type: z.literal('heading'), text: text(300).optional() }),
  z.strictObject({ ...fieldBase, type: z.literal('paragraph'), text: text(5000) }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('hidden'),
    /** Filled from this query parameter of the public link, e.g. ?source=newsletter. */
    queryParam: z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/),
    defaultValue: text(500).optional(),
  }),
  z.strictObject({
    ...fieldBase,
    type: z.literal('calculated'),
    /** Arithmetic over other fields, e.g. `{quantity} * {price} + 5` (see form-calculation.ts). */
    expression: text(500),
    decimals: z.number().int().min(0).max(6).default(2),
  }),
]);
export type FormField = z.infer<typeof fieldSchema>;
export type FormFieldInput = z.input<typeof fieldSchema>;

export const pageSchema = z.strictObject({
  id: elementIdSchema,
  title: text(300).optional(),
  fields: z.array(fieldSchema).max(200),
  /** The page is skipped while this holds. */
  skipWhen: conditionSchema.optional(),
});
export type FormPage = z.infer<typeof pageSchema>;

export const formLanguageSchema = z.enum(['de', 'en']);
export type FormLanguage = z.infer<typeof formLanguageSchema>;

/** What the builder edits and respondents fill: title, description, language and pages of fields. */
export const formDefinitionSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    description: text(5000).default(''),
    language: formLanguageSchema.default('de'),
    pages: z.array(pageSchema).min(1).max(50),
  })
  .superRefine((definition, context) => {
    const seen = new Set<string>();
    const fields = definition.pages.flatMap((page) => page.fields);
    for (const [index, id] of [
      ...definition.pages.map((page) => page.id),
      ...fields.map((field) => field.id),
    ].entries()) {
      if (seen.has(id))
        context.addIssue({ code: 'custom', message: `Duplicate id ${id}`, path: ['pages'], params: { index } });
      seen.add(id);
    }
    // Conditions look back only: a page's skip rule reads fields of earlier pages, a field's rule reads
    // fields before it. So one pass in reading order decides everything, the same way everywhere.
    const earlier = new Set<string>();
    const checkRules = (condition: Condition | undefined, owner: string) => {
      for (const rule of condition?.rules ?? []) {
        if (!earlier.has(rule.fieldId)) {
          context.addIssue({
            code: 'custom',
            message: `The condition of ${owner} must refer to a field before it, not ${rule.fieldId}`,
            path: ['pages'],
          });
        }
      }
    };
    for (const page of definition.pages) {
      checkRules(page.skipWhen, page.id);
      for (const field of page.fields) {
        checkRules(field.visibleWhen, field.id);
        earlier.add(field.id);
      }
    }
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;
