import cookieParser from 'cookie-parser';
import express, { type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { appsRouter } from '../modules/apps/apps.router';
import { authRouter } from '../modules/auth/auth.router';
import { googleSignInRouter } from '../modules/auth/google-sign-in.router';
import { billingRouter, billingWebhookRouter } from '../modules/billing/billing.router';
import { customDomainsRouter } from '../modules/custom-domains/custom-domains.router';
import { dashboardRouter } from '../modules/dashboard/dashboard.router';
import { documentSharesRouter } from '../modules/documents/document-shares.router';
import { documentsRouter } from '../modules/documents/documents.router';
import { formSigningRouter } from '../modules/documents/form-signing/form-signing.router';
import { signatureMarksRouter } from '../modules/documents/signature-marks.router';
import { signingRouter } from '../modules/documents/signing/signing.router';
import { signingRequestsRouter } from '../modules/documents/signing/signing-requests.router';
import { documentTemplatesRouter } from '../modules/documents/templates/document-templates.router';
import { filesRouter } from '../modules/files/files.router';
import { formAssistantRouter } from '../modules/form-assistant/form-assistant.router';
import { formNotificationsRouter } from '../modules/form-notifications/form-notifications.router';
import { formSettingsRouter } from '../modules/form-settings/form-settings.router';
import { formsRouter } from '../modules/forms/forms.router';
import { groupsRouter } from '../modules/groups/groups.router';
import { healthRouter } from '../modules/health/health.router';
import { invitationsRouter } from '../modules/invitations/invitations.router';
import { notificationsRouter } from '../modules/notifications/notifications.router';
import { privacyRouter } from '../modules/privacy/privacy.router';
import { releasesRouter } from '../modules/releases/releases.router';
import { securityRouter } from '../modules/security/security.router';
import { requireCsrfToken } from '../modules/sessions/require-csrf-token';
import { sessionsRouter } from '../modules/sessions/sessions.router';
import { samlAssertionRouter, ssoRouter } from '../modules/sso/sso.router';
import { storageRouter } from '../modules/storage/storage.router';
import { publicFormsRouter } from '../modules/submissions/public-forms.router';
import { submissionsRouter } from '../modules/submissions/submissions.router';
import { surveyRouter } from '../modules/survey/survey.router';
import { teamsRouter } from '../modules/teams/teams.router';
import { templatesRouter } from '../modules/templates/templates.router';
import { usersRouter } from '../modules/users/users.router';
import { approvalsRouter } from '../modules/workflows/approvals.router';
import { workflowsRouter } from '../modules/workflows/workflows.router';
import { rejectCrossSiteRequests } from './csrf';
import { handleError, refuseWhileDatabaseAway, rejectUnknownRoute } from './errors';
import type { Logger } from './logger';

const moduleRouters: Router[] = [
  healthRouter,
  authRouter,
  googleSignInRouter,
  ssoRouter,
  securityRouter,
  surveyRouter,
  usersRouter,
  sessionsRouter,
  teamsRouter,
  groupsRouter,
  invitationsRouter,
  // Before formsRouter, whose /forms/:formId would take /forms/assistant.
  formAssistantRouter,
  formsRouter,
  formSettingsRouter,
  customDomainsRouter,
  formNotificationsRouter,
  appsRouter,
  publicFormsRouter,
  privacyRouter,
  filesRouter,
  documentsRouter,
  documentTemplatesRouter,
  documentSharesRouter,
  signingRequestsRouter,
  signingRouter,
  formSigningRouter,
  signatureMarksRouter,
  submissionsRouter,
  templatesRouter,
  dashboardRouter,
  notificationsRouter,
  workflowsRouter,
  approvalsRouter,
  billingRouter,
  storageRouter,
  releasesRouter,
];

type AppOptions = {
  logger: Logger;
  /** Whose X-Forwarded-For to believe (config TRUST_PROXY); the shell on this machine unless set. */
  trustProxy?: boolean | number | string;
  /** Off only for tests of routes that need no database. */
  refusesWithoutDatabase?: boolean;
  // Replaced only by tests that need a route which fails on purpose.
  routers?: Router[];
};

export function createApp({
  logger,
  trustProxy = 'loopback',
  refusesWithoutDatabase = true,
  routers = moduleRouters,
}: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The shell server proxies /api and sends the client's address in X-Forwarded-For; rate limits
  // count by that address, so it is believed only from the proxy configured.
  app.set('trust proxy', trustProxy);
  app.use(helmet());
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_request, response, error) => {
        if (error || response.statusCode >= 500) return 'error';
        return response.statusCode >= 400 ? 'warn' : 'info';
      },
    }),
  );
  // Before the JSON parser: Stripe signs the webhook's raw bytes.
  app.use('/api/v1', billingWebhookRouter);
  // Before the CSRF checks: a SAML IdP posts its answer from its own site (sso.router.ts).
  app.use('/api/v1', samlAssertionRouter);
  app.use(express.json({ limit: '1mb' }));
  app.use(cookieParser());
  app.use(rejectCrossSiteRequests);
  app.use(requireCsrfToken);
  if (refusesWithoutDatabase) app.use('/api/v1', refuseWhileDatabaseAway);
  app.use('/api/v1', ...routers);
  app.use(rejectUnknownRoute);
  app.use(handleError);
  return app;
}
