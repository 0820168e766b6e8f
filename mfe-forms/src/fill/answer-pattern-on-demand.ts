import type { FormDefinition } from '@formwerk/contracts';
import type * as AnswerPattern from '@formwerk/contracts/answer-pattern';

/**
 * The public page's stand-in for contracts' `answer-pattern.ts` (rspack.config.mjs puts it in place of
 * the module form-answers.ts imports). RE2, which checks a short-text field's pattern, was 40 of the
 * page's 111 kB brotli, and most forms have no pattern: a form that has one loads it as a chunk of its
 * own when the page starts, long before the first answer is checked. Until it has arrived every
 * answer passes here; the api checks the same pattern before it stores anything, and its
 * `patternMismatch` is shown at the field like ours.
 */

let loaded: typeof AnswerPattern | undefined;
let loading: Promise<boolean> | undefined;

/** Loads RE2 once; resolves to whether patterns are now checked (false when the chunk did not load). */
export function loadAnswerPatterns(): Promise<boolean> {
  loading ??= import(/* webpackChunkName: "answer-pattern" */ '@formwerk/contracts/answer-pattern').then(
    (module) => {
      loaded = module;
      return true;
    },
    () => {
      // A later call tries again.
      loading = undefined;
      return false;
    },
  );
  return loading;
}

/** Whether a field of the form has a pattern, i.e. whether the page needs RE2. */
export function hasAnswerPattern(definition: FormDefinition): boolean {
  return definition.pages.some((page) =>
    page.fields.some((field) => field.type === 'shortText' && Boolean(field.pattern)),
  );
}

export const isValidAnswerPattern: typeof AnswerPattern.isValidAnswerPattern = (pattern) =>
  loaded ? loaded.isValidAnswerPattern(pattern) : true;

export const matchesAnswerPattern: typeof AnswerPattern.matchesAnswerPattern = (pattern, answer) =>
  loaded ? loaded.matchesAnswerPattern(pattern, answer) : true;
