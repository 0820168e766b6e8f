import {
  createFormRequestSchema,
  formListQuerySchema,
  formListResponseSchema,
  formParamsSchema,
  formResponseSchema,
  saveFormRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { deleteFormWithSubmissions } from '../submissions/submissions.service';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  archiveForm,
  createForm,
  duplicateForm,
  findForm,
  listForms,
  publishForm,
  restoreForm,
  saveForm,
  unpublishForm,
} from './forms.service';

// The current team's forms: every member of the team builds them.
export const formsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

const teamOf = (response: Response) => ({ ...getTeamContext(response), userId: getSession(response).userId });

formsRouter.get('/forms', ...member, async (request, response) => {
  const query = formListQuerySchema.parse(request.query);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: formListResponseSchema,
    body: await listForms(teamOf(response), query),
  });
});

formsRouter.post('/forms', ...member, async (request, response) => {
  const input = createFormRequestSchema.parse(request.body);
  const { form, isNew } = await createForm(teamOf(response), input);
  sendValidated(response, { status: isNew ? 201 : 200, schema: formResponseSchema, body: form });
});

formsRouter.get('/forms/:formId', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: formResponseSchema, body: await findForm(teamOf(response), formId) });
});

formsRouter.put('/forms/:formId', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const input = saveFormRequestSchema.parse(request.body);
  const form = await saveForm(teamOf(response), formId, input);
  sendValidated(response, { status: 200, schema: formResponseSchema, body: form });
});

formsRouter.delete('/forms/:formId', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  await deleteFormWithSubmissions(teamOf(response), formId);
  response.status(204).end();
});

const actions = {
  archive: archiveForm,
  restore: restoreForm,
  publish: publishForm,
  unpublish: unpublishForm,
} as const;

for (const [action, run] of Object.entries(actions)) {
  formsRouter.post(`/forms/:formId/${action}`, ...member, async (request, response) => {
    const { formId } = formParamsSchema.parse(request.params);
    sendValidated(response, { status: 200, schema: formResponseSchema, body: await run(teamOf(response), formId) });
  });
}

formsRouter.post('/forms/:formId/duplicate', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  sendValidated(response, {
    status: 201,
    schema: formResponseSchema,
    body: await duplicateForm(teamOf(response), formId),
  });
});
