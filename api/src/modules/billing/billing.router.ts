import {
  billingResponseSchema,
  checkoutRequestSchema,
  checkoutSyncRequestSchema,
  planChangeRequestSchema,
  redirectResponseSchema,
  testCheckoutRequestSchema,
} from '@formwerk/contracts';
import express, { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, managerRoles, requireTeamRole } from '../teams/require-team-role';
import {
  changePlan,
  completeTestCheckout,
  getBilling,
  openPortal,
  setCancelAtPeriodEnd,
  startCheckout,
  syncCheckout,
} from './billing.service';
import { receiveWebhook } from './billing-webhooks';

// The team's plan: every member reads it; its owner and admins buy, change and cancel it.
export const billingRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
const manager = [requireSession, requireTeamRole(...managerRoles)];

const buyerOf = (response: Response) => ({ ...getTeamContext(response), userId: getSession(response).userId });

billingRouter.get('/billing', ...member, async (request, response) => {
  response.set('Cache-Control', 'no-store');
  const body = await getBilling(getTeamContext(response), request.log);
  sendValidated(response, { status: 200, schema: billingResponseSchema, body });
});

billingRouter.post('/billing/checkout', ...manager, async (request, response) => {
  const { pricingId } = checkoutRequestSchema.parse(request.body);
  sendValidated(response, {
    status: 201,
    schema: redirectResponseSchema,
    body: await startCheckout(buyerOf(response), pricingId),
  });
});

billingRouter.post('/billing/test-checkout', ...manager, async (request, response) => {
  const { sessionId } = testCheckoutRequestSchema.parse(request.body);
  const body = await completeTestCheckout(buyerOf(response), sessionId, request.log);
  sendValidated(response, { status: 200, schema: redirectResponseSchema, body });
});

billingRouter.post('/billing/sync', ...manager, async (request, response) => {
  const { sessionId } = checkoutSyncRequestSchema.parse(request.body);
  const body = await syncCheckout(getTeamContext(response), sessionId, request.log);
  sendValidated(response, { status: 200, schema: billingResponseSchema, body });
});

for (const [action, cancel] of [
  ['cancel', true],
  ['resume', false],
] as const) {
  billingRouter.post(`/billing/${action}`, ...manager, async (request, response) => {
    const body = await setCancelAtPeriodEnd(getTeamContext(response), cancel, request.log);
    sendValidated(response, { status: 200, schema: billingResponseSchema, body });
  });
}

billingRouter.post('/billing/change', ...manager, async (request, response) => {
  const { pricingId } = planChangeRequestSchema.parse(request.body);
  const body = await changePlan(getTeamContext(response), pricingId, request.log);
  sendValidated(response, { status: 200, schema: billingResponseSchema, body });
});

billingRouter.post('/billing/portal', ...manager, async (_request, response) => {
  sendValidated(response, { status: 200, schema: redirectResponseSchema, body: await openPortal(buyerOf(response)) });
});

/**
 * Stripe's webhook, mounted before the JSON parser: the signature is over the raw bytes. Answers 200
 * for an event handled, taken before or of a type the api does not handle; 400 WEBHOOK_INVALID for
 * anything Stripe did not sign.
 */
export const billingWebhookRouter = Router();

billingWebhookRouter.post(
  '/billing/webhook',
  express.raw({ type: () => true, limit: '1mb' }),
  async (request, response) => {
    const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await receiveWebhook(payload, request.get('stripe-signature'), request.log);
    response.status(200).json({ received: true, outcome });
  },
);
