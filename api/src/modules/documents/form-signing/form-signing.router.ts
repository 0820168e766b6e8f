import {
  formParamsSchema,
  formSigningResponseSchema,
  formSigningSettingsSchema,
  submissionParamsSchema,
  submissionSigningSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../../platform/send-validated';
import { getSession, requireSession } from '../../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../../teams/require-team-role';
import { deleteFormSigning, getFormSigning, saveFormSigning } from './form-signing.service';
import { findSubmissionSigning } from './form-signing-start';

// A form's documents to sign (/v1/forms/{id}/documents): every member of the team edits them, as they
// edit the form and its settings tabs.
export const formSigningRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

formSigningRouter.get('/forms/:formId/signing', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: formSigningResponseSchema,
    body: await getFormSigning(getTeamContext(response), formId),
  });
});

formSigningRouter.put('/forms/:formId/signing', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const settings = formSigningSettingsSchema.parse(request.body);
  const actor = { ...getTeamContext(response), userId: getSession(response).userId };
  sendValidated(response, {
    status: 200,
    schema: formSigningResponseSchema,
    body: await saveFormSigning(actor, formId, settings),
  });
});

formSigningRouter.delete('/forms/:formId/signing', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  await deleteFormSigning(getTeamContext(response), formId);
  response.status(204).end();
});

/** GET /submissions/{id}/signing: what became of the submission's document to sign (its detail page). */
formSigningRouter.get('/submissions/:submissionId/signing', ...member, async (request, response) => {
  const { submissionId } = submissionParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: submissionSigningSchema,
    body: await findSubmissionSigning(getTeamContext(response).teamId, submissionId),
  });
});
