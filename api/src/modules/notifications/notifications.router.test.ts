import type { AddressInfo } from 'node:net';
import type { NotificationListResponse, NotificationSummary } from '@formwerk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { endOpenStreams } from '../../platform/open-streams';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { notify } from './notifications.service';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

async function signUp(email: string): Promise<{ agent: TestAgent; userId: string; cookie: string }> {
  const agent = createTestAgent(app);
  const response = await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  const cookies = response.headers['set-cookie'] as unknown as string[];
  return {
    agent,
    userId: response.body.user.id,
    cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; '),
  };
}

const taskFor = (stepLabel: string) =>
  ({
    type: 'taskAssigned',
    params: { workflowName: 'Urlaub', stepLabel },
    link: { route: 'v1-approve-id', params: { id: '0123456789abcdef01234567' } },
  }) as const;

describe('the notification centre', () => {
  it('shows a user only their own notifications, newest first, with the unread count', async () => {
    const ada = await signUp('ada-notes@example.com');
    const bob = await signUp('bob-notes@example.com');
    await notify([ada.userId], taskFor('Teamleitung'), new Date('2026-11-01T08:00:00Z'));
    await notify([ada.userId, bob.userId], taskFor('Personal'), new Date('2026-11-02T08:00:00Z'));

    const summary = (await ada.agent.get('/api/v1/notifications/summary').expect(200)).body as NotificationSummary;
    expect(summary.unread).toBe(2);
    expect(summary.latest.map((notification) => notification.params.stepLabel)).toEqual(['Personal', 'Teamleitung']);
    expect(summary.latest[0]?.link).toEqual({ route: 'v1-approve-id', params: { id: '0123456789abcdef01234567' } });

    const bobs = (await bob.agent.get('/api/v1/notifications').expect(200)).body as NotificationListResponse;
    expect(bobs.notifications.map((notification) => notification.params.stepLabel)).toEqual(['Personal']);
  });

  it('marks read, archives (which reads it too) and restores; another user cannot touch them', async () => {
    const ada = await signUp('ada-archive@example.com');
    const eve = await signUp('eve-archive@example.com');
    await notify([ada.userId], taskFor('Eins'));
    await notify([ada.userId], taskFor('Zwei'));
    const [second, first] = (
      (await ada.agent.get('/api/v1/notifications').expect(200)).body as NotificationListResponse
    ).notifications;
    if (!first || !second) throw new Error('two notifications expected');

    await eve.agent.post(`/api/v1/notifications/${first.id}/read`).send({ isRead: true }).expect(404);
    const read = await ada.agent.post(`/api/v1/notifications/${first.id}/read`).send({ isRead: true }).expect(200);
    expect(read.body.isRead).toBe(true);
    await ada.agent.post(`/api/v1/notifications/${second.id}/archive`).send({ isArchived: true }).expect(200);

    const unread = await ada.agent.get('/api/v1/notifications?box=unread').expect(200);
    expect(unread.body.total).toBe(0);
    const archive = await ada.agent.get('/api/v1/notifications?box=archive').expect(200);
    expect(archive.body.notifications.map((notification: { id: string }) => notification.id)).toEqual([second.id]);
    await ada.agent.post(`/api/v1/notifications/${second.id}/archive`).send({ isArchived: false }).expect(200);
    expect((await ada.agent.get('/api/v1/notifications').expect(200)).body.total).toBe(2);
  });

  it('marks everything read at once', async () => {
    const ada = await signUp('ada-all@example.com');
    await notify([ada.userId], taskFor('Eins'));
    await notify([ada.userId], taskFor('Zwei'));
    await ada.agent.post('/api/v1/notifications/read-all').expect(204);
    expect((await ada.agent.get('/api/v1/notifications/summary').expect(200)).body.unread).toBe(0);
  });

  it('keeps a type out of the centre once the user turned it off in the app', async () => {
    const ada = await signUp('ada-prefs@example.com');
    const preferences = (await ada.agent.get('/api/v1/notifications/preferences').expect(200)).body;
    expect(preferences.types.taskAssigned).toEqual({ inApp: true, mail: true, digest: false });
    preferences.types.taskAssigned = { inApp: false, mail: true, digest: false };
    await ada.agent.put('/api/v1/notifications/preferences').send(preferences).expect(200);

    await notify([ada.userId], taskFor('Eins'));
    expect((await ada.agent.get('/api/v1/notifications/summary').expect(200)).body.unread).toBe(0);
    await ada.agent
      .put('/api/v1/notifications/preferences')
      .send({ types: { taskAssigned: { inApp: true } } })
      .expect(400);
  });

  it('refuses the centre without a session', async () => {
    await createTestAgent(app).get('/api/v1/notifications/summary').expect(401);
  });

  describe('the live stream', () => {
    let baseUrl = '';
    let server: ReturnType<typeof app.listen>;
    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = app.listen(0, '127.0.0.1', () => resolve());
      });
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      endOpenStreams();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('sends the summary at once and again when a notification arrives', async () => {
      const ada = await signUp('ada-stream@example.com');
      const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, { headers: { cookie: ada.cookie } });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (!reader) throw new Error('no stream');
      const nextSummary = async (): Promise<NotificationSummary> => {
        let text = '';
        while (!text.includes('\n\n')) {
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          text += value;
        }
        const data = text.split('\n').find((line) => line.startsWith('data: '));
        return JSON.parse(data?.slice('data: '.length) ?? 'null') as NotificationSummary;
      };

      expect((await nextSummary()).unread).toBe(0);
      await notify([ada.userId], taskFor('Live'));
      const summary = await nextSummary();
      expect(summary.unread).toBe(1);
      expect(summary.latest[0]?.params.stepLabel).toBe('Live');
      await reader.cancel();
    });
  });
});
