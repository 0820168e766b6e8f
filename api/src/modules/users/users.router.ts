import { passwordChangeRequestSchema, profileUpdateRequestSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { answerSession } from '../auth/answer-session';
import { getSession, requireSession } from '../sessions/require-session';
import { revokeOtherSessions } from '../sessions/sessions.service';
import { changePassword, updateProfile } from './users.service';

export const usersRouter = Router();

// Answers the refreshed session and sets the `me` cookie, so every area shows the new name at once.
usersRouter.patch('/profile', requireSession, async (request, response) => {
  const update = profileUpdateRequestSchema.parse(request.body);
  const { userId, token } = getSession(response);
  await updateProfile(userId, update);
  await answerSession(request, response, { status: 200, token });
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
