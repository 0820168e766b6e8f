import { healthResponseSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { checkHealth } from './health.service';

export const healthRouter = Router();

healthRouter.get('/health', async (_request, response) => {
  const health = await checkHealth();
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: health.status === 'ok' ? 200 : 503, schema: healthResponseSchema, body: health });
});
