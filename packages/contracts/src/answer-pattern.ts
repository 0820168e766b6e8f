import { RE2JS } from 're2js';

/**
 * The pattern a form's author gives a short-text field, matched in time linear in the answer: the
 * browser's and Node's RegExp backtrack, so a pattern like `(a+)+b` took the api 12 s for an answer of
 * 30 characters, for every team at once. RE2 has no backreferences and no lookaround; a pattern it
 * cannot compile is refused when the form is saved (and shown as such in the builder). Written as in
 * JavaScript (`\d`, `[A-Z]{2}`, `\u00e4`); translateRegExp brings that to RE2's syntax.
 */

// Patterns are few and compiled once each; a form's fill page and the api check many answers against them.
const compiledAtMost = 500;
const compiled = new Map<string, RE2JS | null>();

function compile(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern) ?? null;
  let result: RE2JS | null;
  try {
    result = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch {
    result = null;
  }
  if (compiled.size >= compiledAtMost) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, result);
  return result;
}

/** Whether the pattern can be used: RE2 compiles it. */
export function isValidAnswerPattern(pattern: string): boolean {
  return compile(pattern) !== null;
}

/**
 * Whether the whole answer matches. A pattern that does not compile (stored before patterns were
 * checked on saving) lets every answer pass: an author's mistake must not lock respondents out.
 */
export function matchesAnswerPattern(pattern: string, answer: string): boolean {
  return compile(pattern)?.matches(answer) ?? true;
}
