import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationSummarySchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { trackStream } from '../../platform/open-streams';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { onChange } from './notification-stream';
import {
  archiveNotification,
  findPreferences,
  findSummary,
  listNotifications,
  markAllRead,
  markRead,
  savePreferences,
} from './notifications.service';

/** The notification centre of the signed-in user: the same in every team (a task names its team's pages). */
export const notificationsRouter = Router();

// A comment line keeps the stream alive through proxies that close silent connections (the shell's
// proxy gives up on an api silent for over 30 s), and a re-read picks up what another api instance wrote.
const heartbeatMs = 20_000;
const rereadEvery = 3;

notificationsRouter.get('/notifications', requireSession, async (request, response) => {
  const query = notificationListQuerySchema.parse(request.query);
  const body = await listNotifications(getSession(response).userId, query);
  sendValidated(response, { status: 200, schema: notificationListResponseSchema, body });
});

notificationsRouter.get('/notifications/summary', requireSession, async (_request, response) => {
  const body = await findSummary(getSession(response).userId);
  sendValidated(response, { status: 200, schema: notificationSummarySchema, body });
});

/** Server-sent events: a `summary` event at once and after every change, until the page closes. */
notificationsRouter.get('/notifications/stream', requireSession, async (request, response) => {
  const { userId } = getSession(response);
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  trackStream(response);
  let lastSent = '';
  let isSending = false;
  const sendSummary = async () => {
    if (isSending || response.writableEnded) return;
    isSending = true;
    try {
      const data = JSON.stringify(await findSummary(userId));
      if (data !== lastSent && !response.writableEnded) response.write(`event: summary\ndata: ${data}\n\n`);
      lastSent = data;
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream could not read the summary');
    } finally {
      isSending = false;
    }
  };
  const stopListening = onChange(userId, () => void sendSummary());
  let beats = 0;
  const heartbeat = setInterval(() => {
    beats += 1;
    if (beats % rereadEvery === 0) void sendSummary();
    else response.write(': keep-alive\n\n');
  }, heartbeatMs);
  response.once('close', () => {
    clearInterval(heartbeat);
    stopListening();
  });
  await sendSummary();
});

notificationsRouter.post('/notifications/read-all', requireSession, async (_request, response) => {
  await markAllRead(getSession(response).userId);
  response.status(204).end();
});

const readBodySchema = z.strictObject({ isRead: z.boolean() });
notificationsRouter.post('/notifications/:notificationId/read', requireSession, async (request, response) => {
  const { notificationId } = notificationParamsSchema.parse(request.params);
  const { isRead } = readBodySchema.parse(request.body ?? {});
  const body = await markRead(getSession(response).userId, notificationId, isRead);
  sendValidated(response, { status: 200, schema: notificationSchema, body });
});

const archiveBodySchema = z.strictObject({ isArchived: z.boolean() });
notificationsRouter.post('/notifications/:notificationId/archive', requireSession, async (request, response) => {
  const { notificationId } = notificationParamsSchema.parse(request.params);
  const { isArchived } = archiveBodySchema.parse(request.body ?? {});
  const body = await archiveNotification(getSession(response).userId, notificationId, isArchived);
  sendValidated(response, { status: 200, schema: notificationSchema, body });
});

notificationsRouter.get('/notifications/preferences', requireSession, async (_request, response) => {
  const body = await findPreferences(getSession(response).userId);
  sendValidated(response, { status: 200, schema: notificationPreferencesSchema, body });
});

notificationsRouter.put('/notifications/preferences', requireSession, async (request, response) => {
  const preferences = notificationPreferencesSchema.parse(request.body);
  const body = await savePreferences(getSession(response).userId, preferences);
  sendValidated(response, { status: 200, schema: notificationPreferencesSchema, body });
});
