import { findTeam } from '../teams/teams.service';
import { findSsoSettings } from './sso-connection.service';
import { findTeamOfDomain } from './sso-domains.service';

/** The domain of an address as the verified domains store it. */
export const domainOfEmail = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * Whether the person of `email` must sign in through single sign-on instead of a password or Google:
 * the address's domain is verified by a team that enforces it. An address without an account yet
 * (`userId` null) must too, so that Google cannot make one beside the provider. The team's owner is
 * the exception (break-glass): when the provider is down or misconfigured, the one who can fix the
 * connection still gets in.
 */
export async function isSignInOutsideSsoBlocked({
  email,
  userId,
}: {
  email: string;
  userId: string | null;
}): Promise<boolean> {
  const teamId = await findTeamOfDomain(domainOfEmail(email));
  if (teamId === null || !(await findSsoSettings(teamId)).isEnforced) return false;
  const team = await findTeam(teamId);
  return userId === null || team?.ownerId.toString() !== userId;
}
