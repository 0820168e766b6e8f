import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../platform/errors';
import { readToken } from '../sessions/session-cookies';
import { findActiveSession } from '../sessions/sessions.service';
import { findUserById } from '../users/users.service';
import { digestOfToken, releaseRegistrySettings } from './release-settings';

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets the request through only from an operator of the site's releases (decision 035), whom later
 * handlers name with `getReleaseActor`: a deploy token of RELEASE_TOKENS (`Authorization: Bearer`,
 * the release script and CI; they carry no cookies, so no CSRF token either, see require-csrf-token.ts),
 * or a signed-in user with a confirmed address of PLATFORM_OPERATOR_EMAILS.
 */
export const requireReleaseOperator: RequestHandler = async (request, response, next) => {
  const bearer = bearerPattern.exec(request.get('authorization') ?? '')?.[1];
  response.locals.releaseActor = bearer === undefined ? await operatorOfSession(request) : operatorOfToken(bearer);
  next();
};

export function getReleaseActor(response: Response): string {
  return response.locals.releaseActor as string;
}

/** `token:<name>`; a token that is none of them is refused like a missing sign-in (RFC 6750's invalid_token). */
function operatorOfToken(bearer: string): string {
  const sent = digestOfToken(bearer);
  let name: string | undefined;
  // Every token is compared, so the time taken does not tell which (or whether one) came close.
  for (const token of releaseRegistrySettings().tokens) {
    if (timingSafeEqual(sent, token.digest)) name ??= token.name;
  }
  if (name === undefined) throw new AppError('UNAUTHENTICATED', 401, 'The deploy token is not one of RELEASE_TOKENS');
  return `token:${name}`;
}

async function operatorOfSession(request: Request): Promise<string> {
  const token = readToken(request);
  const session = token ? await findActiveSession(token) : null;
  if (!session) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  const user = await findUserById(session.userId.toString());
  const email = user?.email.toLowerCase();
  if (!user?.emailVerifiedAt || !email || !releaseRegistrySettings().operatorEmails.has(email)) {
    throw new AppError('FORBIDDEN', 403, 'Only the site’s operators manage releases');
  }
  return email;
}
