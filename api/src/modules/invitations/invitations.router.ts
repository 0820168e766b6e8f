import {
  acceptInvitationRequestSchema,
  acceptInvitationWithSignUpRequestSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { answerSession } from '../auth/answer-session';
import { getSession, requireSession } from '../sessions/require-session';
import { createSession, setSessionTeam } from '../sessions/sessions.service';
import { findUserById } from '../users/users.service';
import { acceptInvitation, acceptInvitationWithSignUp, previewInvitation } from './invitations.service';

export const invitationsRouter = Router();
// Creating an account through an invitation counts against the sign-up limit of the IP.
const signUpLimit = rateLimit({ name: 'sign-up', limit: 30, windowMs: 3_600_000 });

invitationsRouter.get('/invitations/:token', async (request, response) => {
  const parsed = invitationTokenParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('LINK_INVALID', 404, 'The invitation is unknown');
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: invitationPreviewSchema,
    body: await previewInvitation(parsed.data.token),
  });
});

// The invited team becomes the current one.
invitationsRouter.post('/invitations/accept', requireSession, async (request, response) => {
  const { token } = acceptInvitationRequestSchema.parse(request.body);
  const session = getSession(response);
  const user = await findUserById(session.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  const teamId = await acceptInvitation(token, { id: session.userId, email: user.email });
  await setSessionTeam(session.token, teamId);
  await answerSession(request, response, { status: 200, token: session.token });
});

invitationsRouter.post('/invitations/sign-up', signUpLimit, async (request, response) => {
  const input = acceptInvitationWithSignUpRequestSchema.parse(request.body);
  const { userId, teamId } = await acceptInvitationWithSignUp(input);
  const { token } = await createSession({
    userId,
    teamId,
    isRemembered: false,
    userAgent: request.get('user-agent') ?? '',
  });
  await answerSession(request, response, { status: 201, token });
});
