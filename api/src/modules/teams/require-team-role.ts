import type { RequestHandler, Response } from 'express';
import { AppError } from '../../platform/errors';
import { getSession } from '../sessions/require-session';
import type { TeamRole } from './team.model';
import { findMembership } from './teams.service';

export type TeamContext = { teamId: number; role: TeamRole };

/**
 * After `requireSession`: lets the request through when the user belongs to the session's current
 * team with one of `roles`. A user who is no member gets 404 (nothing about the team leaks); a member
 * whose role is too low gets 403 FORBIDDEN.
 */
export function requireTeamRole(...roles: TeamRole[]): RequestHandler {
  return async (_request, response, next) => {
    const { userId, teamId } = getSession(response);
    const membership = await findMembership(teamId, userId);
    if (!membership) throw new AppError('NOT_FOUND', 404, 'No such team');
    if (!roles.includes(membership.role))
      throw new AppError('FORBIDDEN', 403, 'Your role in this team does not allow this');
    response.locals.team = { teamId, role: membership.role } satisfies TeamContext;
    next();
  };
}

export const anyTeamRole: TeamRole[] = ['owner', 'admin', 'member'];
export const managerRoles: TeamRole[] = ['owner', 'admin'];

export function getTeamContext(response: Response): TeamContext {
  return response.locals.team as TeamContext;
}
