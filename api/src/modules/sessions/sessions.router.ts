import { activeSessionListSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from './require-session';
import { findActiveSessionsOfUser, isSessionOfToken, revokeSessionOfUser } from './sessions.service';

export const sessionsRouter = Router();

sessionsRouter.get('/sessions', requireSession, async (_request, response) => {
  const current = getSession(response);
  const sessions = await findActiveSessionsOfUser(current.userId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: activeSessionListSchema,
    body: {
      sessions: sessions.map((session) => ({
        id: session._id.toString(),
        userAgent: session.userAgent ?? '',
        createdAt: (session.createdAt as Date).toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        isCurrent: isSessionOfToken(session, current.token),
      })),
    },
  });
});

// Another user's session id answers 404, exactly like an unknown one.
sessionsRouter.delete('/sessions/:id', requireSession, async (request, response) => {
  const sessionId = String(request.params.id);
  const isValidId = /^[0-9a-f]{24}$/.test(sessionId);
  if (!isValidId || !(await revokeSessionOfUser(getSession(response).userId, sessionId))) {
    throw new AppError('NOT_FOUND', 404, 'No such session');
  }
  response.status(204).end();
});
