import { z } from 'zod';

// Every code the api sends. UIs translate by code, so add a code here before an api module uses it.
export const errorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  /** A body in a Content-Encoding or charset the api does not read. */
  'UNSUPPORTED_ENCODING',
  'BAD_REQUEST',
  'NOT_FOUND',
  'INTERNAL',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  /** The right password for an account whose address is not confirmed yet; a new link was mailed. */
  'EMAIL_NOT_VERIFIED',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'WRONG_PASSWORD',
  /** A state-changing request with a session lacks the session's CSRF token. */
  'CSRF_TOKEN_INVALID',
  /** The signed-in user's role in the current team does not allow this. */
  'FORBIDDEN',
  /** A verification, reset or invitation link that is unknown, used or expired. */
  'LINK_INVALID',
  /** An invitation opened by a signed-in user whose email is not the invited one. */
  'INVITATION_EMAIL_MISMATCH',
  'ALREADY_MEMBER',
  /** The team owner's role cannot be changed, nor the owner removed. */
  'OWNER_IMMUTABLE',
  'GROUP_NAME_TAKEN',
  /** A group can only hold members of its team. */
  'NOT_TEAM_MEMBER',
  /** A save based on an older version of the form than the stored one. */
  'VERSION_CONFLICT',
  /** The public link of a form that is unknown, unpublished, archived or deleted. */
  'FORM_UNAVAILABLE',
  /** Answers that break the form's rules; `details.issues` names field and rule. */
  'ANSWERS_INVALID',
  /** A form sent back faster than a person can fill it. */
  'SUBMITTED_TOO_FAST',
  /** A submission whose start token the api did not sign for this form; the page gets a new one. */
  'START_TOKEN_INVALID',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  /** A submission before the form's scheduled opening. */
  'FORM_NOT_YET_OPEN',
  /** A submission after the form's scheduled closing. */
  'FORM_CLOSED',
  /** A submission once the form reached its maximum number of submissions. */
  'FORM_FULL',
  /** A custom domain another form already uses. */
  'DOMAIN_TAKEN',
  /** The database is down or did not answer in time; the response carries `Retry-After`. */
  'DATABASE_UNAVAILABLE',
  /** The api itself did not answer the shell (down, restarting, hanging); with `Retry-After`. */
  'SERVICE_UNAVAILABLE',
  /** A workflow draft that cannot be published; `details.problems` names nodes and edges. */
  'WORKFLOW_INVALID',
  /** A decision, claim or comment on a task that is no longer open; `details.decidedBy` says who ended it. */
  'TASK_CLOSED',
  /** The signed-in user is not an assignee of the task (or a pool task another person claimed). */
  'NOT_ASSIGNED',
  /** Nobody approves their own request. */
  'SELF_APPROVAL',
  /** Rejecting or requesting changes needs a comment. */
  'COMMENT_REQUIRED',
  /** The step's screen asks the approver for input (bulk approval skips such tasks). */
  'INPUT_REQUIRED',
  /** Withdrawing or resubmitting an instance that is not in a state that allows it. */
  'INSTANCE_CLOSED',
  /** An upload that is not a readable PDF (another type, damaged, or without pages). */
  'PDF_INVALID',
  /** A password-protected PDF: it cannot be previewed, filled or signed. */
  'PDF_ENCRYPTED',
  /** The team's stored files would pass its limit; `details` says what is used and needed. */
  'STORAGE_LIMIT_REACHED',
  'FOLDER_NAME_TAKEN',
  /** A document is shared with at most `details.limit` people, groups and links. */
  'SHARES_LIMIT_REACHED',
  /** A signing link of a request past its expiry. */
  'SIGNING_EXPIRED',
  /** A signing request that is completed, declined, cancelled or being sealed: nobody acts on it any more. */
  'SIGNING_CLOSED',
  /** The recipient's stage has not started: earlier signers, approvers or viewers are not done. */
  'SIGNING_NOT_YOUR_TURN',
  /** The recipient has already signed, approved or viewed (a link used twice). */
  'SIGNING_ALREADY_DONE',
  /** The browser has not proven, by the mailed one-time code, to be the recipient's (or that hour is over). */
  'SIGNING_NOT_VERIFIED',
  /** A one-time code that is wrong, expired or was never sent; `details` says which and the tries left. */
  'SIGNING_CODE_INVALID',
  /** Too many wrong codes: this code is void, a new one must be asked for. */
  'SIGNING_CODE_LOCKED',
  /** Deleting a request still waiting for people or being sealed: it must be withdrawn (or sealed) first. */
  'SIGNING_RUNNING',
  /** An export of more rows than it takes at once (PDFs in a zip); `details.limit` says how many it takes. */
  'EXPORT_TOO_LARGE',
  /** The team's plan does not allow this (more forms, submissions, storage, seats, a feature); 402, `details` say which. */
  'PLAN_LIMIT_REACHED',
  /** The payment provider did not answer or refused the call; nothing changed, try again. */
  'BILLING_UNAVAILABLE',
  /** A checkout session that is unknown, of another team, or not paid. */
  'CHECKOUT_INVALID',
  /** Cancelling, resuming or changing a plan needs a running subscription. */
  'SUBSCRIPTION_REQUIRED',
  /** A webhook whose signature is missing, wrong or older than 300 s, or whose body is not an event. */
  'WEBHOOK_INVALID',
  /** A two-factor code (from the authenticator app, or a recovery code) that is wrong, used already or expired. */
  'TWO_FACTOR_CODE_INVALID',
  /** The second step of a sign-in without its first, or too late: sign in again. */
  'SIGN_IN_STEP_EXPIRED',
  /** Two-factor sign-in is on already: turn it off before setting up another app. */
  'TWO_FACTOR_ALREADY_ENABLED',
  /** Two-factor sign-in is off: there is nothing to turn off and no recovery codes. */
  'TWO_FACTOR_NOT_ENABLED',
  /** A code to confirm an app without a setup begun in the last 15 minutes. */
  'TWO_FACTOR_SETUP_MISSING',
  /** A team the user owns or administers requires two-factor sign-in: it stays on. */
  'TWO_FACTOR_REQUIRED_BY_TEAM',
  /** Requiring two-factor sign-in of a team's owners and admins needs it on for oneself first. */
  'TWO_FACTOR_SETUP_REQUIRED',
  /** The team asked the form assistant as often as an hour allows; with `Retry-After` and `details.limit`. */
  'ASSISTANT_LIMIT_REACHED',
  /** The assistant's AI model did not answer (down, refusing the key, an error): nothing was proposed. */
  'ASSISTANT_UNAVAILABLE',
  /** The assistant's AI model took longer than the api waits for it. */
  'ASSISTANT_TIMEOUT',
  /** The assistant's AI model declined the request (its refusal, or its content filter). */
  'ASSISTANT_REFUSED',
  /** The assistant's AI model answered something that is not a valid form: nothing of it is proposed. */
  'ASSISTANT_INVALID_OUTPUT',
  /** Without an AI model, the description named no field or template the offline assistant knows. */
  'ASSISTANT_NOTHING_RECOGNIZED',
  /** A password sign-in for an address of a domain whose team requires single sign-on (/sso). */
  'SSO_REQUIRED',
  /** No team offers single sign-on for the address's domain (no verified domain with a connection). */
  'SSO_NOT_AVAILABLE',
  /** A domain another team has verified for its single sign-on. */
  'SSO_DOMAIN_TAKEN',
  /** A domain the team must verify first (its TXT record), or has not added. */
  'SSO_DOMAIN_NOT_VERIFIED',
  /** The identity provider's discovery document did not load or is not OpenID Connect. */
  'SSO_DISCOVERY_FAILED',
  /** Enforcing single sign-on needs a connection and a verified domain first. */
  'SSO_NOT_CONFIGURED',
  /** An area the site does not have (release registry). */
  'AREA_NOT_FOUND',
  /** A release id the registry does not know for that area. */
  'RELEASE_NOT_FOUND',
  /** A release id registered before with another manifest: releases are immutable. */
  'RELEASE_EXISTS',
  /** A release's mf-manifest.json or release.json did not load, or is not a release. */
  'RELEASE_MANIFEST_UNAVAILABLE',
  /** A release built for another area than the one it is registered or promoted for. */
  'RELEASE_AREA_MISMATCH',
  /** A release built against another major version of the platform contract than the site's. */
  'RELEASE_CONTRACT_INCOMPATIBLE',
  /** A rollback with no earlier release (and no canary) to go back to. */
  'NOTHING_TO_ROLL_BACK',
  /** Another switch of the same area landed between this one's read and write: read again and retry. */
  'RELEASE_SWITCH_CONFLICT',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const validationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

// The `details` of a VALIDATION_FAILED error: UIs use the paths to mark the fields.
export const validationDetailsSchema = z.object({ issues: z.array(validationIssueSchema) });
export type ValidationDetails = z.infer<typeof validationDetailsSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
