import { AppError } from '../../platform/errors';
import { isTwoFactorEnabled } from '../security/two-factor.service';
import { revokeAllSessions } from '../sessions/sessions.service';
import { findTeam, setTwoFactorRequirement } from './teams.service';

/** Signs out those of `userIds` without two-factor sign-in: their next sign-in asks them to set it up. */
async function signOutThoseWithoutTwoFactor(userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    if (!(await isTwoFactorEnabled(userId))) await revokeAllSessions(userId);
  }
}

/**
 * The team's "require two-factor sign-in" for its owners and admins. Whoever turns it on must have it on
 * (else they would lock themselves out at the next sign-in); the owners and admins without it are signed
 * out at once, and each of their sign-ins asks them to set it up before anything else.
 */
export async function changeTwoFactorRequirement(input: {
  teamId: number;
  actorId: string;
  requireTwoFactor: boolean;
}): Promise<void> {
  if (input.requireTwoFactor && !(await isTwoFactorEnabled(input.actorId))) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 409, 'Turn on two-factor sign-in for yourself first');
  }
  const managerIds = await setTwoFactorRequirement(input.teamId, input.requireTwoFactor);
  if (input.requireTwoFactor) await signOutThoseWithoutTwoFactor(managerIds.filter((id) => id !== input.actorId));
}

/** A member made admin of a team that requires two-factor sign-in, without it, sets it up at the next sign-in. */
export async function enforceTwoFactorOnPromotion(teamId: number, userId: string): Promise<void> {
  if ((await findTeam(teamId))?.requireTwoFactor) await signOutThoseWithoutTwoFactor([userId]);
}
