import {
  createSubmissionRequestSchema,
  publicFormParamsSchema,
  publicFormSchema,
  publicSubmissionResponseSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { formOfRoute, rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { publicSettingsOf } from '../form-settings/form-settings.service';
import { findFormCounter } from '../forms/form-counters';
import { findPublishedForm } from '../forms/forms.service';
import { issueStartToken } from './start-token';
import { submitAnswers } from './submissions.service';

// What anonymous respondents reach through a public form link: no session, no team.
export const publicFormsRouter = Router();
// A class or an office sends many answers to one form from one address: 300 per form and address in
// 10 minutes; the form's own guards (honeypot, minimum fill time) do the rest. One counter, so one
// write, per submission.
const submitLimit = rateLimit({ name: 'submit', limit: 300, windowMs: 10 * 60_000, scopeOf: formOfRoute });

function parseFormId(params: unknown): string {
  const parsed = publicFormParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError('FORM_UNAVAILABLE', 404, 'This form is not available');
  return parsed.data.formId;
}

publicFormsRouter.get('/public/forms/:formId', async (request, response) => {
  const formId = parseFormId(request.params);
  const [form, counter] = await Promise.all([findPublishedForm(formId), findFormCounter(formId)]);
  response.set('Cache-Control', 'no-store');
  const now = new Date();
  sendValidated(response, {
    status: 200,
    schema: publicFormSchema,
    body: {
      id: form.id,
      version: form.version,
      definition: form.definition,
      servedAt: now.getTime(),
      startToken: issueStartToken(form.id, now.getTime()),
      settings: publicSettingsOf(form, counter?.count ?? 0, now),
    },
  });
});

publicFormsRouter.post('/public/forms/:formId/submissions', submitLimit, async (request, response) => {
  const formId = parseFormId(request.params);
  const input = createSubmissionRequestSchema.parse(request.body);
  const { receipt, isNew } = await submitAnswers({ formId, ...input });
  sendValidated(response, { status: isNew ? 201 : 200, schema: publicSubmissionResponseSchema, body: receipt });
});
