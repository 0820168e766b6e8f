import {
  confirmTwoFactorRequestSchema,
  recoveryCodesResponseSchema,
  securityOverviewSchema,
  signInHistoryQuerySchema,
  signInHistorySchema,
  twoFactorProofSchema,
  twoFactorSetupSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { isGoogleLinked } from '../auth/linked-accounts.service';
import { getSession, requireSession } from '../sessions/require-session';
import { isTwoFactorRequiredFor } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { findSignInHistory } from './sign-in-history.service';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  describeTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
} from './two-factor.service';

export const securityRouter = Router();

// A stolen session must not become a way to guess the password or a code: ten tries per account in a
// quarter hour, as many as a sign-in gets.
const proofLimit = rateLimit({
  name: 'two-factor-proof',
  limit: 100,
  accountLimit: 10,
  windowMs: 15 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});

securityRouter.get('/profile/security', requireSession, async (_request, response) => {
  const { userId } = getSession(response);
  const user = await findUserById(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  const twoFactor = await describeTwoFactor(userId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: securityOverviewSchema,
    body: {
      twoFactor: {
        isEnabled: twoFactor.isEnabled,
        enabledAt: twoFactor.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: twoFactor.recoveryCodesLeft,
        isRequiredByTeam: await isTwoFactorRequiredFor(userId),
      },
      hasPassword: user.passwordHash != null,
      isGoogleLinked: await isGoogleLinked(userId),
    },
  });
});

// A new app's secret, as a QR code and as text; two-factor sign-in is on only once its code confirms it.
securityRouter.post('/profile/two-factor/setup', requireSession, async (_request, response) => {
  const { userId } = getSession(response);
  const user = await findUserById(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: twoFactorSetupSchema,
    body: await beginTwoFactorSetup(userId, user.email),
  });
});

securityRouter.post('/profile/two-factor/confirm', requireSession, proofLimit, async (request, response) => {
  const { code } = confirmTwoFactorRequestSchema.parse(request.body);
  const recoveryCodes = await confirmTwoFactorSetup(getSession(response).userId, code, request.log);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: recoveryCodesResponseSchema, body: { recoveryCodes } });
});

securityRouter.post('/profile/two-factor/recovery-codes', requireSession, proofLimit, async (request, response) => {
  const proof = twoFactorProofSchema.parse(request.body);
  const recoveryCodes = await regenerateRecoveryCodes(getSession(response).userId, proof, request.log);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: recoveryCodesResponseSchema, body: { recoveryCodes } });
});

securityRouter.post('/profile/two-factor/disable', requireSession, proofLimit, async (request, response) => {
  await disableTwoFactor(getSession(response).userId, twoFactorProofSchema.parse(request.body), request.log);
  response.status(204).end();
});

// The last 90 days, newest first, a page at a time from one document.
securityRouter.get('/profile/sign-ins', requireSession, async (request, response) => {
  const { page } = signInHistoryQuerySchema.parse(request.query);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: signInHistorySchema,
    body: await findSignInHistory(getSession(response).userId, page),
  });
});
