import type { Answers, AnswersInvalidDetails, CreateSubmissionResponse, ErrorBody } from '@formwerk/contracts';
import type { SubmitOutcome } from '@formwerk/form-renderer';

/**
 * A random UUID (version 4). Not `crypto.randomUUID`: browsers offer it only in secure contexts, and
 * a form on a custom domain may be served over plain http.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends a respondent's answers. The idempotency key is made once per page load: a double click, or a
 * retry after a lost answer, reaches the same stored submission.
 */
export function createSubmitter(formId: string, startedAt: number) {
  const idempotencyKey = randomUuid();
  return async (answers: Answers, honeypot: string): Promise<SubmitOutcome> => {
    let response: Response;
    try {
      response = await fetch(`/api/v1/public/forms/${encodeURIComponent(formId)}/submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ answers, idempotencyKey, startedAt, website: honeypot }),
      });
    } catch {
      return { isDone: false, issues: [], problem: 'network' };
    }
    if (response.ok) {
      // Stored either way; only the receipt (reference, score) would be missing.
      const receipt = (await response.json().catch(() => null)) as CreateSubmissionResponse | null;
      return { isDone: true, receipt: { reference: receipt?.reference ?? null, quiz: receipt?.quiz ?? null } };
    }
    const error = ((await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined)?.error;
    switch (error?.code) {
      case 'ANSWERS_INVALID':
        return { isDone: false, issues: (error.details as AnswersInvalidDetails).issues };
      case 'SUBMITTED_TOO_FAST':
        return { isDone: false, issues: [], problem: 'tooFast' };
      case 'RATE_LIMITED':
        return { isDone: false, issues: [], problem: 'rateLimited' };
      case 'FORM_UNAVAILABLE':
        return { isDone: false, issues: [], problem: 'unavailable' };
      // The schedule closed or the limit was reached while the respondent filled the form.
      case 'FORM_NOT_YET_OPEN':
      case 'FORM_CLOSED':
      case 'FORM_FULL':
        return { isDone: false, issues: [], problem: 'closed' };
      default:
        return { isDone: false, issues: [], problem: 'network' };
    }
  };
}
