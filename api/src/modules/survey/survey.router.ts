import { surveyRequestSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { answerSession } from '../auth/answer-session';
import { getSession, requireSession } from '../sessions/require-session';
import { submitSurvey } from './survey.service';

export const surveyRouter = Router();

// Answers the session with the flag cleared, so the guard lets the user into /v1.
surveyRouter.post('/survey', requireSession, async (request, response) => {
  const answers = surveyRequestSchema.parse(request.body);
  const { userId, token } = getSession(response);
  await submitSurvey(userId, answers);
  await answerSession(request, response, { status: 200, token });
});
