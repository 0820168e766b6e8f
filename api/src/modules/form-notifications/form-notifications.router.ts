import {
  deliveryFailuresQuerySchema,
  deliveryFailuresResponseSchema,
  formParamsSchema,
  mailchimpAudiencesRequestSchema,
  mailchimpAudiencesResponseSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findMailchimpAudiences, listDeliveryFailures } from './form-notifications.service';

// What the email and mailchimp tabs need besides their settings: every member of the team edits them.
export const formNotificationsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

formNotificationsRouter.get('/forms/:formId/notifications/failures', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { kind } = deliveryFailuresQuerySchema.parse(request.query);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: deliveryFailuresResponseSchema,
    body: { failures: await listDeliveryFailures(getTeamContext(response), formId, kind) },
  });
});

formNotificationsRouter.post('/forms/:formId/mailchimp/audiences', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { apiKey } = mailchimpAudiencesRequestSchema.parse(request.body ?? {});
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: mailchimpAudiencesResponseSchema,
    body: await findMailchimpAudiences(getTeamContext(response), formId, apiKey),
  });
});
