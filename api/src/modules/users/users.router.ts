import { passwordChangeRequestSchema, profileUpdateRequestSchema, sessionResponseSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import { findSessionView } from '../auth/auth.service';
import { getSession, requireSession } from '../sessions/require-session';
import { setSessionCookies } from '../sessions/session-cookies';
import { revokeOtherSessions } from '../sessions/sessions.service';
import { changePassword, updateProfile } from './users.service';

export const usersRouter = Router();

// Answers the refreshed session and sets the `me` cookie, so every area shows the new name at once.
usersRouter.patch('/profile', requireSession, async (request, response) => {
  const update = profileUpdateRequestSchema.parse(request.body);
  const session = getSession(response);
  await updateProfile(session.userId, update);
  const view = await findSessionView(session.token);
  if (!view) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  setSessionCookies(request, response, { ...view, token: session.token });
  sendValidated(response, {
    status: 200,
    schema: sessionResponseSchema,
    body: { teamId: view.teamId, user: view.user },
  });
});

// A new password signs out every other session.
usersRouter.post('/profile/password', requireSession, async (request, response) => {
  const { currentPassword, newPassword } = passwordChangeRequestSchema.parse(request.body);
  const session = getSession(response);
  if (!(await changePassword(session.userId, currentPassword, newPassword))) {
    throw new AppError('WRONG_PASSWORD', 400, 'The current password is wrong', {
      issues: [{ path: ['currentPassword'] }],
    });
  }
  await revokeOtherSessions(session.userId, session.token);
  response.status(204).end();
});
