import type {
  Answers,
  AnswersInvalidDetails,
  ErrorBody,
  PublicForm,
  PublicSubmissionResponse,
} from '@formwerk/contracts';
import type { SubmitHandler, SubmitOutcome, SubmitProblem } from '@formwerk/form-renderer';

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

/** Only the site's own signing page is linked from the thank-you: the path comes from the api's answer. */
const signingPathPattern = /^(\/en)?\/form\/signed\?token=[A-Za-z0-9_-]{43}$/;
const isSigningPath = (path: unknown): path is string => typeof path === 'string' && signingPathPattern.test(path);
/**
 * Likewise the respondent's own data page (contracts' personalDataPathPattern, written out: a value from
 * contracts would bring zod into this small script).
 */
const personalDataPathPattern = /^(\/en)?\/mydata\/[A-Za-z0-9_-]{43}$/;
const isPersonalDataPath = (path: unknown): path is string =>
  typeof path === 'string' && personalDataPathPattern.test(path);

/** A wait the server asked for: seconds from `Retry-After`, within sensible bounds. */
function retryAfterSecondsOf(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.ceil(seconds), maxSingleWaitSeconds) : 30;
}
const maxSingleWaitSeconds = 10 * 60;
/** The api's minimum fill time (3 s), with a second to spare. */
const minimumFillSeconds = 4;
/** Beyond this much waiting in all, the respondent is asked to send again themselves. */
const maxTotalWaitSeconds = 30 * 60;

const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

type Sent = { outcome: SubmitOutcome } | { retryAfterSeconds: number; problem: SubmitProblem };

/**
 * Sends a respondent's answers. The idempotency key is made once per page load: a double click, or a
 * retry after a lost answer, reaches the same stored submission. When the api asks to wait (429 from
 * the limit of one connection, 503 while it is busy or its database away), the answers stay on the page
 * and are sent again by themselves after `Retry-After`; `onWait` tells the page for how long.
 */
export function createSubmitter(formId: string, firstStartToken: string, wait = sleep): SubmitHandler {
  const idempotencyKey = randomUuid();
  let startToken = firstStartToken;
  const formUrl = `/api/v1/public/forms/${encodeURIComponent(formId)}`;
  /** A token the api no longer takes (its secret changed meanwhile) is replaced by a new one. */
  const renewStartToken = async (): Promise<boolean> => {
    const response = await fetch(formUrl).catch(() => null);
    const form = response?.ok ? ((await response.json().catch(() => null)) as Partial<PublicForm> | null) : null;
    if (typeof form?.startToken !== 'string') return false;
    startToken = form.startToken;
    return true;
  };
  const send = async (answers: Answers, honeypot: string): Promise<Sent> => {
    let response: Response;
    try {
      response = await fetch(`${formUrl}/submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ answers, idempotencyKey, startToken, website: honeypot }),
      });
    } catch {
      return { outcome: { isDone: false, issues: [], problem: 'network' } };
    }
    if (response.ok) {
      // Stored either way; only the receipt (reference, score) would be missing.
      const receipt = (await response.json().catch(() => null)) as PublicSubmissionResponse | null;
      const signingPath = isSigningPath(receipt?.signingPath) ? receipt.signingPath : undefined;
      const personalDataPath = isPersonalDataPath(receipt?.personalDataPath) ? receipt.personalDataPath : undefined;
      return {
        outcome: {
          isDone: true,
          receipt: {
            reference: receipt?.reference ?? null,
            quiz: receipt?.quiz ?? null,
            signingPath,
            personalDataPath,
          },
        },
      };
    }
    if (response.status === 429 || response.status === 503) {
      return {
        retryAfterSeconds: retryAfterSecondsOf(response),
        problem: response.status === 429 ? 'rateLimited' : 'network',
      };
    }
    const error = ((await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined)?.error;
    // A new token counts from now: sent again once a person could have filled the form since.
    if (error?.code === 'START_TOKEN_INVALID' && (await renewStartToken())) {
      return { retryAfterSeconds: minimumFillSeconds, problem: 'network' };
    }
    return { outcome: outcomeOf(error) };
  };
  return async (answers, honeypot, events) => {
    let waitedSeconds = 0;
    for (;;) {
      const sent = await send(answers, honeypot);
      if ('outcome' in sent) return sent.outcome;
      if (waitedSeconds + sent.retryAfterSeconds > maxTotalWaitSeconds) {
        return { isDone: false, issues: [], problem: sent.problem };
      }
      events?.onWait?.(sent.retryAfterSeconds);
      await wait(sent.retryAfterSeconds);
      waitedSeconds += sent.retryAfterSeconds;
    }
  };
}

function outcomeOf(error: Partial<ErrorBody['error']> | undefined): SubmitOutcome {
  switch (error?.code) {
    case 'ANSWERS_INVALID':
      return { isDone: false, issues: (error.details as AnswersInvalidDetails).issues };
    case 'SUBMITTED_TOO_FAST':
      return { isDone: false, issues: [], problem: 'tooFast' };
    case 'FORM_UNAVAILABLE':
      return { isDone: false, issues: [], problem: 'unavailable' };
    // The schedule closed or the limit was reached while the respondent filled the form.
    case 'FORM_NOT_YET_OPEN':
    case 'FORM_CLOSED':
    case 'FORM_FULL':
      return { isDone: false, issues: [], problem: 'closed' };
    // The team's plan took all the answers it may this month: a calm word, not the owner's billing.
    case 'PLAN_LIMIT_REACHED':
      return { isDone: false, issues: [], problem: 'paused' };
    default:
      return { isDone: false, issues: [], problem: 'network' };
  }
}
