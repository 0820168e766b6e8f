import {
  formParamsSchema,
  formSettingsParamsSchema,
  formSettingsResponseSchema,
  saveFormSettingRequestSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { getFormSettings, saveFormSetting } from './form-settings.service';

// The settings tabs of a form (/v1/forms/{id}/setting): every member of the team edits them.
export const formSettingsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

formSettingsRouter.get('/forms/:formId/settings', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: formSettingsResponseSchema,
    body: await getFormSettings(getTeamContext(response), formId),
  });
});

formSettingsRouter.put('/forms/:formId/settings/:tab', ...member, async (request, response) => {
  const { formId, tab } = formSettingsParamsSchema.parse(request.params);
  const input = saveFormSettingRequestSchema.parse(request.body);
  sendValidated(response, {
    status: 200,
    schema: formSettingsResponseSchema,
    body: await saveFormSetting(getTeamContext(response), formId, tab, input),
  });
});
