import { matchesAnswerPattern } from './answer-pattern';
import { calculate } from './form-calculation';
import type { Condition, FormDefinition, FormField, FormPage } from './form-definition.contract';
import { displayOnlyFieldTypes } from './form-model-constants';
import type { LogicRuleInput } from './form-settings/logic';

/**
 * Conditions and answer checks of the form model (zod-free, so the public fill page stays small), one implementation for the public fill page (as
 * respondents type) and the api (before storing): a hidden required field never blocks a submission,
 * and a hidden field's answer is discarded on both sides alike.
 */

/** An uploaded file (or a drawn signature, stored as a PNG file) as an answer refers to it. */
export type FileAnswer = { fileId: string; name: string; size: number; type: string };
export type AnswerValue = string | number | boolean | string[] | FileAnswer[];
export type Answers = Record<string, AnswerValue | undefined>;

export const answerIssueCodes = [
  'required',
  'tooShort',
  'tooLong',
  'patternMismatch',
  'invalidEmail',
  'invalidPhone',
  'invalidNumber',
  'tooSmall',
  'tooLarge',
  'tooManyDecimals',
  'invalidDate',
  'invalidTime',
  'invalidChoice',
  'tooFewChoices',
  'tooManyChoices',
  'consentRequired',
  'invalidFile',
  'tooManyFiles',
  'invalidValue',
] as const;
export type AnswerIssueCode = (typeof answerIssueCodes)[number];
/** `params` fill the localized message, e.g. { min: 3 } for tooShort. */
export type AnswerIssue = { fieldId: string; code: AnswerIssueCode; params?: Record<string, string | number> };

const maxTextLength = 10_000;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[0-9 ()./-]{5,30}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function isEmptyAnswer(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === '') return true;
  return Array.isArray(value) && value.length === 0;
}

function asText(value: AnswerValue | undefined): string {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : item.name)).join(', ');
  return value === undefined ? '' : String(value);
}

function compare(left: AnswerValue | undefined, right: string | number | boolean | undefined): number | null {
  const leftNumber = typeof left === 'number' ? left : Number(asText(left));
  const rightNumber = typeof right === 'number' ? right : Number(right);
  if (asText(left) === '' || right === undefined || Number.isNaN(leftNumber) || Number.isNaN(rightNumber)) {
    return null;
  }
  return leftNumber - rightNumber;
}

function holds(rule: Condition['rules'][number], answers: Answers): boolean {
  const answer = answers[rule.fieldId];
  const expected = rule.value;
  switch (rule.operator) {
    case 'isEmpty':
      return isEmptyAnswer(answer);
    case 'isNotEmpty':
      return !isEmptyAnswer(answer);
    case 'equals':
    case 'notEquals': {
      const isEqual = Array.isArray(answer)
        ? answer.some((item) => item === expected)
        : asText(answer).toLowerCase() === String(expected ?? '').toLowerCase();
      return rule.operator === 'equals' ? isEqual : !isEqual;
    }
    case 'contains':
    case 'notContains': {
      const doesContain = Array.isArray(answer)
        ? answer.some((item) => item === expected)
        : asText(answer)
            .toLowerCase()
            .includes(String(expected ?? '').toLowerCase());
      return rule.operator === 'contains' ? doesContain : !doesContain;
    }
    case 'greaterThan':
      return (compare(answer, expected) ?? 0) > 0;
    case 'lessThan':
      return (compare(answer, expected) ?? 0) < 0;
  }
}

export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  return condition.combinator === 'and'
    ? condition.rules.every((rule) => holds(rule, answers))
    : condition.rules.some((rule) => holds(rule, answers));
}

export function takesAnswer(field: FormField): boolean {
  return !displayOnlyFieldTypes.includes(field.type);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export type LogicRule = LogicRuleInput;

/**
 * Which rules of the condition tab can apply to this definition: every field they read exists, a
 * show/hide rule reads only fields before the field it targets, and a skip goes forward past the page
 * its last field is on. Others (e.g. after a field was deleted) are left out, the same way everywhere.
 */
export function applicableRules(definition: FormDefinition, rules: readonly LogicRule[]) {
  const fieldOrder = new Map<string, number>();
  const fieldPage = new Map<string, number>();
  definition.pages.forEach((page, pageIndex) => {
    for (const field of page.fields) {
      fieldOrder.set(field.id, fieldOrder.size);
      fieldPage.set(field.id, pageIndex);
    }
  });
  const visibility = new Map<string, { show: Condition[]; hide: Condition[] }>();
  /** Per page index: rules decided once that page is done, with the page index they jump to. */
  const jumps = new Map<number, { when: Condition; toPage: number }[]>();
  const problems: { ruleId: string; problem: 'unknownField' | 'readsLaterField' | 'unknownPage' | 'jumpsBack' }[] = [];
  for (const rule of rules) {
    const read = rule.when.rules.map((item) => item.fieldId);
    if (!read.every((fieldId) => fieldOrder.has(fieldId))) {
      problems.push({ ruleId: rule.id, problem: 'unknownField' });
      continue;
    }
    const { effect } = rule;
    if (effect.action === 'show' || effect.action === 'hide') {
      const target = fieldOrder.get(effect.fieldId);
      if (target === undefined) {
        problems.push({ ruleId: rule.id, problem: 'unknownField' });
        continue;
      }
      if (!read.every((fieldId) => (fieldOrder.get(fieldId) ?? Number.POSITIVE_INFINITY) < target)) {
        problems.push({ ruleId: rule.id, problem: 'readsLaterField' });
        continue;
      }
      const entry = visibility.get(effect.fieldId) ?? { show: [], hide: [] };
      entry[effect.action].push(rule.when);
      visibility.set(effect.fieldId, entry);
      continue;
    }
    const decidedOn = Math.max(...read.map((fieldId) => fieldPage.get(fieldId) ?? 0));
    const toPage =
      effect.action === 'endForm'
        ? definition.pages.length
        : definition.pages.findIndex((page) => page.id === effect.pageId);
    if (toPage < 0) {
      problems.push({ ruleId: rule.id, problem: 'unknownPage' });
      continue;
    }
    if (toPage <= decidedOn) {
      problems.push({ ruleId: rule.id, problem: 'jumpsBack' });
      continue;
    }
    jumps.set(decidedOn, [...(jumps.get(decidedOn) ?? []), { when: rule.when, toPage }]);
  }
  return { visibility, jumps, problems };
}

/**
 * The form as this respondent meets it: the pages not skipped and, on them, the fields shown, in
 * reading order, with the answers that count (hidden fields' answers dropped, calculations done).
 * Conditions look back only (the schema and `applicableRules` ensure it), so one pass decides everything.
 */
export function resolveForm(definition: FormDefinition, answers: Answers, rules: readonly LogicRule[] = []) {
  const { visibility, jumps } = applicableRules(definition, rules);
  const effective: Answers = {};
  const pages: { page: FormPage; fields: FormField[] }[] = [];
  /** Pages before this index are skipped by a rule that held. */
  let skipUntil = 0;
  for (const [pageIndex, page] of definition.pages.entries()) {
    const isSkipped =
      pageIndex < skipUntil || (page.skipWhen !== undefined && evaluateCondition(page.skipWhen, effective));
    if (!isSkipped) {
      const fields: FormField[] = [];
      for (const field of page.fields) {
        if (!isShown(field, visibility.get(field.id), effective)) continue;
        fields.push(field);
        if (field.type === 'calculated') {
          const result = calculate(field.expression, (fieldId) => {
            const value = Number(effective[fieldId]);
            return Number.isFinite(value) ? value : 0;
          });
          effective[field.id] = 'value' in result ? roundTo(result.value, field.decimals) : undefined;
        } else if (takesAnswer(field)) {
          effective[field.id] = answers[field.id];
        }
      }
      pages.push({ page, fields });
    }
    for (const jump of jumps.get(pageIndex) ?? []) {
      if (evaluateCondition(jump.when, effective)) skipUntil = Math.max(skipUntil, jump.toPage);
    }
  }
  return { pages, answers: effective };
}

function isShown(field: FormField, rules: { show: Condition[]; hide: Condition[] } | undefined, answers: Answers) {
  if (field.visibleWhen && !evaluateCondition(field.visibleWhen, answers)) return false;
  if (!rules) return true;
  if (rules.show.length > 0 && !rules.show.some((condition) => evaluateCondition(condition, answers))) return false;
  return !rules.hide.some((condition) => evaluateCondition(condition, answers));
}

function checkText(field: FormField & { minLength?: number; maxLength?: number }, text: string): AnswerIssue | null {
  if (field.minLength !== undefined && text.length < field.minLength) {
    return { fieldId: field.id, code: 'tooShort', params: { min: field.minLength } };
  }
  const max = Math.min(field.maxLength ?? maxTextLength, maxTextLength);
  if (text.length > max) return { fieldId: field.id, code: 'tooLong', params: { max } };
  return null;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isFileAnswer(value: unknown): value is FileAnswer {
  const file = value as Partial<FileAnswer> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    typeof file.fileId === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.type === 'string'
  );
}

/** Checks one shown field's answer; returns the cleaned value or an issue. */
function checkAnswer(field: FormField, raw: AnswerValue | undefined): { value?: AnswerValue; issue?: AnswerIssue } {
  const issue = (code: AnswerIssueCode, params?: AnswerIssue['params']) => ({
    issue: { fieldId: field.id, code, ...(params ? { params } : {}) },
  });
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (field.type === 'consent') {
    if (value === true) return { value: true };
    if (field.required) return issue('consentRequired');
    return value === undefined || value === false ? {} : issue('invalidValue');
  }
  if (isEmptyAnswer(value)) return field.required ? issue('required') : {};

  switch (field.type) {
    case 'shortText':
    case 'longText':
    case 'email':
    case 'phone':
    case 'hidden': {
      if (typeof value !== 'string') return issue('invalidValue');
      const lengthIssue = checkText(field, value);
      if (lengthIssue) return { issue: lengthIssue };
      if (field.type === 'shortText' && field.pattern && !matchesAnswerPattern(field.pattern, value)) {
        return issue('patternMismatch');
      }
      if (field.type === 'email' && !emailPattern.test(value)) return issue('invalidEmail');
      if (field.type === 'phone' && !phonePattern.test(value)) return issue('invalidPhone');
      return { value };
    }
    case 'number': {
      const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
      if (typeof value === 'boolean' || Array.isArray(value) || !Number.isFinite(number)) return issue('invalidNumber');
      if (field.min !== undefined && number < field.min) return issue('tooSmall', { min: field.min });
      if (field.max !== undefined && number > field.max) return issue('tooLarge', { max: field.max });
      if (roundTo(number, field.decimals) !== number) return issue('tooManyDecimals', { decimals: field.decimals });
      return { value: number };
    }
    case 'date': {
      if (typeof value !== 'string' || !isRealDate(value)) return issue('invalidDate');
      if (field.min && value < field.min) return issue('tooSmall', { min: field.min });
      if (field.max && value > field.max) return issue('tooLarge', { max: field.max });
      return { value };
    }
    case 'time': {
      if (typeof value !== 'string' || !timePattern.test(value)) return issue('invalidTime');
      if (field.min && value < field.min) return issue('tooSmall', { min: field.min });
      if (field.max && value > field.max) return issue('tooLarge', { max: field.max });
      return { value };
    }
    case 'singleChoice':
    case 'dropdown':
      return typeof value === 'string' && field.choices.some((choice) => choice.id === value)
        ? { value }
        : issue('invalidChoice');
    case 'multipleChoice': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return issue('invalidChoice');
      const picked = [...new Set(value as string[])];
      if (!picked.every((id) => field.choices.some((choice) => choice.id === id))) return issue('invalidChoice');
      if (field.minChoices !== undefined && picked.length < field.minChoices) {
        return issue('tooFewChoices', { min: field.minChoices });
      }
      if (field.maxChoices !== undefined && picked.length > field.maxChoices) {
        return issue('tooManyChoices', { max: field.maxChoices });
      }
      return { value: picked };
    }
    case 'yesNo':
      return typeof value === 'boolean' ? { value } : issue('invalidValue');
    case 'rating':
    case 'opinionScale': {
      const min = field.type === 'rating' ? 1 : field.min;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > field.max) {
        return issue('invalidValue');
      }
      return { value };
    }
    case 'fileUpload':
    case 'signature': {
      if (!Array.isArray(value) || !value.every(isFileAnswer)) return issue('invalidFile');
      const limit = field.type === 'fileUpload' ? field.maxFiles : 1;
      if (value.length > limit) return issue('tooManyFiles', { max: limit });
      return { value: value as FileAnswer[] };
    }
    case 'heading':
    case 'paragraph':
    case 'calculated':
      return {};
  }
}

/**
 * Validates answers against the form as the respondent met it. `values` holds only the answers of
 * shown fields (cleaned, with calculations); `issues` is empty when the submission may be stored.
 */
export function validateAnswers(
  definition: FormDefinition,
  answers: Answers,
  rules: readonly LogicRule[] = [],
): { values: Answers; issues: AnswerIssue[] } {
  const resolved = resolveForm(definition, answers, rules);
  const values: Answers = {};
  const issues: AnswerIssue[] = [];
  for (const field of resolved.pages.flatMap((page) => page.fields)) {
    if (field.type === 'calculated') {
      if (resolved.answers[field.id] !== undefined) values[field.id] = resolved.answers[field.id];
      continue;
    }
    if (!takesAnswer(field)) continue;
    const result = checkAnswer(field, resolved.answers[field.id]);
    if (result.issue) issues.push(result.issue);
    else if (result.value !== undefined) values[field.id] = result.value;
  }
  return { values, issues };
}
