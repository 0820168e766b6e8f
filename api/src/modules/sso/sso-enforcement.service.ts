import { findTeam } from '../teams/teams.service';
import type { User } from '../users/user.model';
import { findSsoSettings } from './sso-connection.service';
import { findTeamOfDomain } from './sso-domains.service';

/** The domain of an address as the verified domains store it. */
export const domainOfEmail = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * Whether `user` must sign in through single sign-on instead of a password: their address's domain is
 * verified by a team that enforces it. The team's owner is the exception (break-glass): when the
 * provider is down or misconfigured, the one who can fix the connection still gets in with a password.
 */
export async function isPasswordSignInBlocked(user: User): Promise<boolean> {
  const teamId = await findTeamOfDomain(domainOfEmail(user.email));
  if (teamId === null || !(await findSsoSettings(teamId)).isEnforced) return false;
  const team = await findTeam(teamId);
  return team?.ownerId.toString() !== user._id.toString();
}
