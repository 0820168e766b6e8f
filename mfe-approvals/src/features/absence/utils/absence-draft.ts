import type { Absence, AbsenceRequest } from '@formwerk/contracts';
import { lastDayOf, startOfDay, toDayText } from './absence-days';

/** The absence form's values; the days as `<input type="date">` holds them (yyyy-mm-dd, '' when empty). */
export type AbsenceDraft = {
  from: string;
  until: string;
  delegateUserId: string;
  isForAllWorkflows: boolean;
  workflowIds: string[];
  includeOpen: boolean;
};

export type DraftField = 'from' | 'until' | 'delegateUserId' | 'workflowIds';
/** Per field, the message key of what is wrong with it. */
export type DraftErrors = Partial<Record<DraftField, string>>;

// The most workflows the api takes (absenceRequestSchema); the message tooManyWorkflows names it.
const maxWorkflows = 50;

/** The form's start: the absence set now, or an absence beginning `today`. */
export function draftOf(absence: Absence | null, today: string): AbsenceDraft {
  if (!absence) {
    return { from: today, until: '', delegateUserId: '', isForAllWorkflows: true, workflowIds: [], includeOpen: false };
  }
  return {
    from: toDayText(new Date(absence.from)),
    until: toDayText(lastDayOf(absence.until)),
    delegateUserId: absence.delegate.id,
    isForAllWorkflows: absence.workflowIds.length === 0,
    workflowIds: absence.workflowIds,
    includeOpen: absence.includeOpen,
  };
}

/** What keeps the draft from being saved; the days compare as text, yyyy-mm-dd sorting as the calendar does. */
export function checkDraft(draft: AbsenceDraft, today: string): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.from === '') errors.from = 'absence.form.errors.fromMissing';
  if (draft.until === '') errors.until = 'absence.form.errors.untilMissing';
  else if (draft.from !== '' && draft.until < draft.from) errors.until = 'absence.form.errors.untilBeforeFrom';
  else if (draft.until < today) errors.until = 'absence.form.errors.untilPast';
  if (draft.delegateUserId === '') errors.delegateUserId = 'absence.form.errors.delegateMissing';
  if (!draft.isForAllWorkflows && draft.workflowIds.length === 0) {
    errors.workflowIds = 'absence.form.errors.workflowsMissing';
  } else if (!draft.isForAllWorkflows && draft.workflowIds.length > maxWorkflows) {
    errors.workflowIds = 'absence.form.errors.tooManyWorkflows';
  }
  return errors;
}

/** The PUT body of a checked draft: from the first day's midnight to the midnight after the last. */
export function toAbsenceRequest(draft: AbsenceDraft): AbsenceRequest {
  return {
    from: startOfDay(draft.from).toISOString(),
    until: startOfDay(draft.until, 1).toISOString(),
    delegateUserId: draft.delegateUserId,
    // No workflow named means all of them to the api.
    workflowIds: draft.isForAllWorkflows ? [] : draft.workflowIds,
    includeOpen: draft.includeOpen,
  };
}
