import type { CreateFormRequest, FormResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';
import { readDemoDraft, removeDemoDraft } from '../utils/demo-draft';

let claiming: Promise<FormResponse | null> | null = null;

async function keepDraft(): Promise<FormResponse | null> {
  const read = readDemoDraft();
  if (read.status !== 'found') return null;
  const { formId, definition } = read.draft;
  // POST /forms with the demo's definition under the id the browser chose (decision 033).
  const body: CreateFormRequest = { id: formId, title: definition.title, language: definition.language, definition };
  // The id makes this idempotent: sent again after a reload or a lost answer, it answers the form made
  // the first time. So the draft is removed only once the form is known to be stored.
  const form = await apiRequest<FormResponse>('/forms', { method: 'POST', body });
  removeDemoDraft(formId);
  return form;
}

/**
 * Makes the demo's draft, if this browser keeps one, a form of the current team: the form, or null
 * without a draft. Calls while one is under way share it (two pages, React's double effects).
 */
export function claimDemoForm(): Promise<FormResponse | null> {
  claiming ??= keepDraft().finally(() => {
    claiming = null;
  });
  return claiming;
}

export const hasDemoDraft = () => readDemoDraft().status === 'found';
