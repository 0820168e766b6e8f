import type { Notification, NotificationPreferences, NotificationType } from '@formwerk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import {
  createPublishedForm,
  type Person,
  signUp,
  submit,
  waitUntil,
} from '../form-notifications/notifications-test-helpers';
import {
  approvalStep,
  endNodes,
  graphOf,
  joinTeam,
  publishWorkflow,
  requestForm,
  testPublicUrl,
  useWorkflowJobs,
} from '../workflows/workflow-test-helpers';
import { digestDayOf, digestTimeOf } from './digest-schedule';
import { NotificationDigestModel } from './notification-digest.model';
import { digestIdOf, digestListLimit, sendDigest } from './notification-digest.service';
import { notify, wantsMail } from './notifications.service';

// The daily digest: per type, instead of a mail at once, one mail a morning listing what came.
// Approval tasks come through the real workflow jobs, whose mails reach a mail catcher.

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const mailbox = useWorkflowJobs();

let owner: Person;
let anna: Person;
let ben: Person;

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga-digest@example.com', 'de');
  anna = await signUp(app, 'Anna', 'anna-digest@example.com', 'en');
  ben = await signUp(app, 'Ben', 'ben-digest@example.com', 'de');
  for (const person of [anna, ben]) await joinTeam(owner, person, 'member');
});

async function preferencesOf(person: Person): Promise<NotificationPreferences> {
  return (await person.agent.get('/api/v1/notifications/preferences').expect(200)).body;
}

async function chooseDigest(person: Person, types: NotificationType[]): Promise<void> {
  const preferences = await preferencesOf(person);
  for (const type of types) preferences.types[type] = { inApp: true, mail: false, digest: true };
  await person.agent.put('/api/v1/notifications/preferences').send(preferences).expect(200);
}

async function notificationsOf(person: Person): Promise<Notification[]> {
  return (await person.agent.get('/api/v1/notifications?pageSize=100').expect(200)).body.notifications;
}

/** The id of the digest that notices arriving now go into. */
const currentDigestOf = (person: Person) => digestIdOf(person.userId, digestDayOf(new Date()));

const taskFor = (stepLabel: string, taskId: string) =>
  ({
    type: 'taskAssigned',
    params: { workflowName: 'Urlaub', stepLabel, formTitle: 'Urlaubsantrag' },
    link: { route: 'v1-approve-id', params: { id: taskId } },
  }) as const;

// Each account also gets the mail that confirms its address: the counts below go by subject.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the digest preference', () => {
  it('is off by default, is stored per type, and never holds together with a mail at once', async () => {
    const ada = await signUp(app, 'Ada', 'ada-digest@example.com', 'en');
    const preferences = await preferencesOf(ada);
    expect(Object.values(preferences.types).every((channels) => !channels.digest)).toBe(true);

    await chooseDigest(ada, ['taskCommented']);
    expect((await preferencesOf(ada)).types.taskCommented).toEqual({ inApp: true, mail: false, digest: true });
    expect(await wantsMail(ada.userId, 'taskCommented')).toBe(false);

    const both = await preferencesOf(ada);
    both.types.taskAssigned = { inApp: true, mail: true, digest: true };
    await ada.agent.put('/api/v1/notifications/preferences').send(both).expect(400);
  });

  it('is refused for a new response, whose mail the form’s settings choose', async () => {
    const ada = await signUp(app, 'Ada', 'ada-responses@example.com', 'de');
    const preferences = await preferencesOf(ada);
    preferences.types.submissionReceived = { inApp: true, mail: false, digest: true };
    const refused = await ada.agent.put('/api/v1/notifications/preferences').send(preferences).expect(400);
    expect(refused.body.error.code).toBeTruthy();
  });
});

describe('the daily digest', () => {
  it('collects three tasks of a digest type without a mail at once and sends them in one mail, once', async () => {
    await chooseDigest(ben, ['taskAssigned']);
    const formId = await createPublishedForm(owner.agent, { ...requestForm, title: 'Urlaubsantrag Digest' });
    await publishWorkflow(owner, {
      formIds: [formId],
      graph: graphOf(
        [{ id: 'start', type: 'start' }, approvalStep('s1', [anna, ben]), ...endNodes],
        ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
      ),
    });
    for (const name of ['Ina', 'Kai', 'Lea']) await submit(app, formId, { name });

    // Anna wants a mail at once: three of them. Ben's three arrive in the app only, published after
    // the mail that his choice withholds.
    await waitUntil(
      async () => mailbox.countMails(anna.email, /^Approval requested/),
      (count) => count === 3,
    );
    const bens = await waitUntil(
      () => notificationsOf(ben),
      (notifications) => notifications.filter((notification) => notification.type === 'taskAssigned').length === 3,
    );
    expect(mailbox.countMails(anna.email, /^Approval requested/)).toBe(3);
    expect(mailbox.countMails(ben.email, /^Freigabe erbeten/)).toBe(0);
    // Anna collects nothing for a digest.
    expect(await NotificationDigestModel.findById(currentDigestOf(anna)).lean()).toBeNull();

    // A notice joins the digest just after its notification is stored.
    const digestId = currentDigestOf(ben);
    await waitUntil(
      async () => (await NotificationDigestModel.findById(digestId).lean())?.notices.length,
      (listed) => listed === 3,
    );
    await sendDigest({ digestId });
    const mail = await mailbox.waitForMail(ben.email, /^Ihre tägliche Zusammenfassung: 3 Benachrichtigungen$/);
    expect(mail.text).toContain('Hallo Ben,');
    expect(mail.text.split('Neue Aufgabe: „Schritt s1“ in Freigabe')).toHaveLength(4);
    for (const notification of bens) {
      expect(mail.text).toContain(`${testPublicUrl}/v1/approve/${notification.link?.params.id}`);
      expect(mail.html).toContain(`href="${testPublicUrl}/v1/approve/${notification.link?.params.id}"`);
    }
    expect(mail.text).toContain(`${testPublicUrl}/v1/notifications`);

    // A retried (or doubled) job finds the digest gone and sends nothing.
    await sendDigest({ digestId });
    await pause(1000);
    expect(mailbox.countMails(ben.email, /Zusammenfassung/)).toBe(1);
    expect(await NotificationDigestModel.findById(digestId).lean()).toBeNull();
  });

  it('in English under /en, leaves out what was read by then, lists a type that is off in the app', async () => {
    const eve = await signUp(app, 'Eve', 'eve-digest@example.com', 'en');
    const preferences = await preferencesOf(eve);
    preferences.types.taskAssigned = { inApp: true, mail: false, digest: true };
    preferences.types.taskCommented = { inApp: false, mail: false, digest: true };
    await eve.agent.put('/api/v1/notifications/preferences').send(preferences).expect(200);

    await notify([eve.userId], taskFor('Read already', '0123456789abcdef01234567'));
    await notify([eve.userId], taskFor('Still open', '0123456789abcdef01234568'));
    await notify([eve.userId], {
      type: 'taskCommented',
      params: { workflowName: 'Urlaub', stepLabel: 'Team', formTitle: 'Urlaubsantrag', actor: 'Olga' },
      link: { route: 'v1-approve-id', params: { id: '0123456789abcdef01234569' } },
    });
    const listed = await notificationsOf(eve);
    expect(listed.map((notification) => notification.params.stepLabel)).toEqual(['Still open', 'Read already']);
    const read = listed.find((notification) => notification.params.stepLabel === 'Read already');
    await eve.agent.post(`/api/v1/notifications/${read?.id}/read`).send({ isRead: true }).expect(200);

    await sendDigest({ digestId: currentDigestOf(eve) });
    const mail = await mailbox.waitForMail(eve.email, /^Your daily digest/);
    expect(mail.subject).toBe('Your daily digest: 2 notifications');
    expect(mail.text).toContain('Hello Eve,');
    expect(mail.text).toContain('New task: “Still open” in Urlaub');
    expect(mail.text).toContain(`${testPublicUrl}/en/v1/approve/0123456789abcdef01234568`);
    expect(mail.text).toContain('Olga commented on “Team”');
    expect(mail.text).not.toContain('Read already');
    expect(mail.text).toContain(`${testPublicUrl}/en/v1/notifications`);
  });

  it('when everything was read by then, sends no mail at all', async () => {
    const finn = await signUp(app, 'Finn', 'finn-digest@example.com', 'de');
    await chooseDigest(finn, ['taskAssigned']);
    await notify([finn.userId], taskFor('Eins', '0123456789abcdef01234567'));
    await finn.agent.post('/api/v1/notifications/read-all').expect(204);
    const digestId = currentDigestOf(finn);
    await sendDigest({ digestId });
    await pause(500);
    expect(mailbox.countMails(finn.email, /Zusammenfassung/)).toBe(0);
    expect(await NotificationDigestModel.findById(digestId).lean()).toBeNull();
  });

  it('queues its job once and keeps a busy day’s document small, counting what it does not list', async () => {
    const gina = await signUp(app, 'Gina', 'gina-digest@example.com', 'de');
    await chooseDigest(gina, ['taskReminder']);
    const now = new Date();
    const reminder = {
      type: 'taskReminder',
      params: { workflowName: 'Urlaub', stepLabel: 'Team', formTitle: 'Urlaubsantrag' },
      link: null,
    } as const;
    for (let index = 0; index < digestListLimit + 2; index += 1) await notify([gina.userId], reminder, now);

    const digestId = digestIdOf(gina.userId, digestDayOf(now));
    const digest = await NotificationDigestModel.findById(digestId).lean();
    expect(digest?.count).toBe(digestListLimit + 2);
    expect(digest?.notices).toHaveLength(digestListLimit);
    expect(digest?.isQueued).toBe(true);
    await sendDigest({ digestId });
    const mail = await mailbox.waitForMail(gina.email, /^Ihre tägliche Zusammenfassung: 52 Benachrichtigungen$/);
    expect(mail.text).toContain('… und 2 weitere in Ihren Benachrichtigungen');
  });
});

describe('the digest hour', () => {
  it('is 07:00 in Berlin, summer and winter; a notice from 07:00 on waits for the next morning', () => {
    const winter = digestDayOf(new Date('2026-01-15T05:59:00Z'));
    expect(digestTimeOf(winter).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(digestTimeOf(digestDayOf(new Date('2026-01-15T06:00:00Z'))).toISOString()).toBe('2026-01-16T06:00:00.000Z');
    const summer = digestDayOf(new Date('2026-07-15T12:00:00Z'));
    expect(digestTimeOf(summer).toISOString()).toBe('2026-07-16T05:00:00.000Z');
    // Late in the evening in Berlin is already the next day in UTC terms, and the same digest.
    expect(digestDayOf(new Date('2026-07-15T23:30:00Z'))).toBe(summer);
  });
});
