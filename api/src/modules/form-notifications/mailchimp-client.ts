import { createHash } from 'node:crypto';
import type { MailchimpAudience, MailchimpProblem } from '@formwerk/contracts';

// The Mailchimp Marketing API (https://mailchimp.com/developer/marketing/api/): basic auth with any
// user name and the key as password, at the data center the key names (`…-us21`).

let configuredBaseUrl: string | undefined;

/** Points every call at this address instead of Mailchimp's (MAILCHIMP_API_BASE_URL; tests' local server). */
export function configureMailchimpApi(baseUrl: string | undefined): void {
  configuredBaseUrl = baseUrl?.replace(/\/+$/, '');
}

const requestTimeoutMs = 10_000;

/** A call that did not succeed; `isRetryable` is false when Mailchimp refused the data itself. */
export class MailchimpError extends Error {
  override name = 'MailchimpError';
  constructor(
    readonly problem: MailchimpProblem,
    message: string,
    readonly isRetryable: boolean,
  ) {
    super(message);
  }
}

function baseUrlOf(apiKey: string): string {
  if (configuredBaseUrl) return configuredBaseUrl;
  const dataCenter = apiKey.split('-').at(-1);
  return `https://${dataCenter}.api.mailchimp.com`;
}

/** Mailchimp answers errors as problem details: { title, detail, status }. */
async function errorOf(response: Response): Promise<MailchimpError> {
  const body = (await response.json().catch(() => ({}))) as { title?: string; detail?: string };
  const message = [body.title, body.detail].filter(Boolean).join(': ') || `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403) return new MailchimpError('keyRejected', message, true);
  // 400 is Mailchimp refusing this subscriber (invalid or forgotten address, compliance state):
  // asking again gives the same answer.
  return new MailchimpError('failed', message, response.status !== 400);
}

async function callMailchimp(apiKey: string, path: string, init: { method: string; body?: unknown }) {
  let response: Response;
  try {
    response = await fetch(`${baseUrlOf(apiKey)}/3.0${path}`, {
      method: init.method,
      headers: {
        authorization: `Basic ${Buffer.from(`formwerk:${apiKey}`).toString('base64')}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new MailchimpError('unreachable', `Mailchimp could not be reached (${cause})`, true);
  }
  if (!response.ok) throw await errorOf(response);
  return response.json() as Promise<unknown>;
}

/** The audiences (lists) of the key's account, by name. */
export async function listAudiences(apiKey: string): Promise<MailchimpAudience[]> {
  const body = (await callMailchimp(apiKey, '/lists?count=1000&fields=lists.id,lists.name,lists.stats.member_count', {
    method: 'GET',
  })) as { lists?: { id: string; name: string; stats?: { member_count?: number } }[] };
  return (body.lists ?? [])
    .map((list) => ({ id: list.id, name: list.name, memberCount: list.stats?.member_count ?? 0 }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

/** Mailchimp names a member by the MD5 of the lower-cased address. */
export function subscriberHashOf(email: string): string {
  return createHash('md5').update(email.toLowerCase()).digest('hex');
}

/**
 * Adds or updates a member. `status_if_new` only: someone who unsubscribed earlier is not subscribed
 * again behind their back; with double opt-in a new member gets Mailchimp's confirmation mail first.
 */
export async function subscribeMember(
  apiKey: string,
  audienceId: string,
  member: { email: string; firstName: string; lastName: string; isDoubleOptIn: boolean },
): Promise<void> {
  const mergeFields = {
    ...(member.firstName ? { FNAME: member.firstName } : {}),
    ...(member.lastName ? { LNAME: member.lastName } : {}),
  };
  await callMailchimp(apiKey, `/lists/${encodeURIComponent(audienceId)}/members/${subscriberHashOf(member.email)}`, {
    method: 'PUT',
    body: {
      email_address: member.email,
      status_if_new: member.isDoubleOptIn ? 'pending' : 'subscribed',
      merge_fields: mergeFields,
    },
  });
}
