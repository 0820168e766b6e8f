import type { Answers, FieldType, FormDefinition } from '@formwerk/contracts';

/**
 * A respondent's unfinished answers, kept on their device (localStorage) so that a reload or a return
 * resumes where they were; one entry per form, forgotten once sent, on "start over", or after a week.
 * Files and signatures stay out (they live on the server, for a while only), and so do hidden fields
 * (they come from the link). An answer comes back only to a field of the same id and type, so a form
 * changed in between takes what still fits.
 */

const keyPrefix = 'formwerk:answers:';
const keptForMs = 7 * 24 * 60 * 60 * 1000;
const notKept: ReadonlySet<FieldType> = new Set(['fileUpload', 'signature', 'hidden']);

type Stored = { savedAt: number; stepIndex: number; answers: Answers; types: Record<string, FieldType> };

export type SavedAnswers = {
  answers: Answers;
  stepIndex: number;
  /** The form asks for files or a signature: those must be given again. */
  asksForFilesAgain: boolean;
};

function fieldTypesOf(definition: FormDefinition): Map<string, FieldType> {
  return new Map(definition.pages.flatMap((page) => page.fields.map((field) => [field.id, field.type] as const)));
}

// Storage can be missing or refuse (private windows, full quota): the form works on without it.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveAnswers(formId: string, definition: FormDefinition, answers: Answers, stepIndex: number) {
  const types = fieldTypesOf(definition);
  const kept: Answers = {};
  const keptTypes: Record<string, FieldType> = {};
  for (const [fieldId, value] of Object.entries(answers)) {
    const type = types.get(fieldId);
    if (!type || notKept.has(type) || value === undefined) continue;
    kept[fieldId] = value;
    keptTypes[fieldId] = type;
  }
  const stored: Stored = { savedAt: Date.now(), stepIndex, answers: kept, types: keptTypes };
  try {
    storage()?.setItem(`${keyPrefix}${formId}`, JSON.stringify(stored));
  } catch {
    // Full or refused: nothing is kept, and nothing else changes.
  }
}

export function readSavedAnswers(formId: string, definition: FormDefinition): SavedAnswers | null {
  let stored: Stored;
  try {
    const text = storage()?.getItem(`${keyPrefix}${formId}`);
    if (!text) return null;
    stored = JSON.parse(text) as Stored;
  } catch {
    return null;
  }
  if (typeof stored?.savedAt !== 'number' || Date.now() - stored.savedAt > keptForMs) {
    forgetAnswers(formId);
    return null;
  }
  const types = fieldTypesOf(definition);
  const answers: Answers = {};
  for (const [fieldId, value] of Object.entries(stored.answers ?? {})) {
    if (types.get(fieldId) === stored.types?.[fieldId]) answers[fieldId] = value;
  }
  if (Object.keys(answers).length === 0) return null;
  return {
    answers,
    stepIndex: Number.isInteger(stored.stepIndex) && stored.stepIndex > 0 ? stored.stepIndex : 0,
    asksForFilesAgain: [...types.values()].some((type) => type === 'fileUpload' || type === 'signature'),
  };
}

export function forgetAnswers(formId: string) {
  try {
    storage()?.removeItem(`${keyPrefix}${formId}`);
  } catch {
    // Refused: there was nothing to forget.
  }
}
