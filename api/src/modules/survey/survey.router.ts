import { sessionResponseSchema, surveyRequestSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { findSessionView } from '../auth/auth.service';
import { getSession, requireSession } from '../sessions/require-session';
import { setSessionCookies } from '../sessions/session-cookies';
import { submitSurvey } from './survey.service';

export const surveyRouter = Router();

// Answers the session with the flag cleared and refreshes the `me` cookie, so the guard lets the user into /v1.
surveyRouter.post('/survey', requireSession, async (request, response) => {
  const answers = surveyRequestSchema.parse(request.body);
  const session = getSession(response);
  await submitSurvey(session.userId, answers);
  const view = await findSessionView(session.token);
  if (!view) throw new Error('The session ended while the survey was saved');
  setSessionCookies(request, response, { ...view, token: session.token });
  sendValidated(response, {
    status: 200,
    schema: sessionResponseSchema,
    body: { teamId: view.teamId, user: view.user },
  });
});
