import {
  type AssistantEvent,
  assistantEventSchema,
  assistantProviderSchema,
  assistantStreamContentType,
  formAssistantRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { AppError } from '../../platform/errors';
import { trackStream } from '../../platform/open-streams';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findProvider } from './assistant-settings';
import { assistantRequestsPerHour, countAssistantRequest, streamProposal } from './form-assistant.service';

// The builder's assistant: every member of a team builds its forms, so every member may ask it.
export const formAssistantRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

/** Where descriptions go: the model and its host, or offline. */
formAssistantRouter.get('/forms/assistant/provider', ...member, (_request, response) => {
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: assistantProviderSchema, body: findProvider() });
});

/**
 * NDJSON, one event a line: the browser reads a POST's answer as it arrives with fetch, where
 * EventSource only GETs; each line is a whole JSON value the page checks with the contract, with no
 * `event:`/`data:` framing to take apart. Closing the page cancels the call to the model.
 */
function openEventStream(response: Response) {
  response.writeHead(200, {
    'Content-Type': `${assistantStreamContentType}; charset=utf-8`,
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  trackStream(response);
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const send = (event: AssistantEvent) => {
    if (response.writableEnded || response.destroyed) return;
    response.write(`${JSON.stringify(assistantEventSchema.parse(event))}\n`);
  };
  return { signal: controller.signal, send };
}

formAssistantRouter.post('/forms/assistant', ...member, async (request, response) => {
  const input = formAssistantRequestSchema.parse(request.body);
  const retryAfterSeconds = await countAssistantRequest(getTeamContext(response).teamId);
  if (retryAfterSeconds !== null) {
    response.set('Retry-After', String(retryAfterSeconds));
    throw new AppError('ASSISTANT_LIMIT_REACHED', 429, 'The team asked the assistant as often as an hour allows', {
      limit: assistantRequestsPerHour,
      retryAfterSeconds,
    });
  }
  const { stats, unexpected } = await streamProposal(input, openEventStream(response));
  if (unexpected) request.log.error({ err: unexpected, formAssistant: stats }, 'form assistant failed');
  else request.log.info({ formAssistant: stats }, 'form assistant');
  response.end();
});
