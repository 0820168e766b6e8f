import { startMailCatcher } from '@formwerk/build-config/mail-catcher';
import type { FormDefinitionInput, Notification } from '@formwerk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { startJobWorker } from '../../platform/jobs';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import { addTeamMember } from '../teams/teams.service';
import { FormDeliveryModel } from './form-delivery.model';
import { createFormDeliveryJob } from './form-notifications.service';
import {
  createPublishedForm,
  freePort,
  type Person,
  saveTab,
  signUp,
  submit,
  waitUntil,
} from './notifications-test-helpers';

useTestDatabase();
const logger = createLogger({ level: 'silent' });
const app = createApp({ logger });

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
let smtpPort: number;
let mailbox: MailCatcher;
let worker: { stop: () => Promise<void> };
let owner: Person;
let member: Person;
let outsider: Person;

const definition: FormDefinitionInput = {
  title: 'Sommerfest',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'email', type: 'email', label: 'E-Mail' },
        { id: 'member', type: 'yesNo', label: 'Mitglied?' },
        {
          id: 'dish',
          type: 'singleChoice',
          label: 'Gericht',
          choices: [
            { id: 'veg', label: 'Gemüsecurry' },
            { id: 'fish', label: 'Fisch' },
          ],
        },
      ],
    },
  ],
};

const mailTo = (to: string, subject: RegExp) =>
  mailbox.waitForMail((mail) => mail.to.includes(to) && subject.test(mail.subject));

beforeAll(async () => {
  // The mail server's port is fixed, so a test can take it away and bring it back.
  smtpPort = await freePort();
  mailbox = await startMailCatcher({ port: smtpPort });
  const job = createFormDeliveryJob(
    {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Formwerk <no-reply@forms.test>',
      directory: '',
      publicUrl: 'http://forms.test',
    },
    logger,
  );
  worker = await startJobWorker({ definitions: [job], logger, processEveryMs: 100, firstRetryDelayMs: 200 });

  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  member = await signUp(app, 'Mike Member', 'mike@example.com', 'en');
  await addTeamMember(owner.teamId, member.userId, 'member');
  outsider = await signUp(app, 'Otto Outsider', 'otto@example.com', 'de');
});
afterAll(async () => {
  await worker?.stop();
  await mailbox?.stop();
});

describe('mails to the team', () => {
  it('reach each chosen member and group member once, in their own language, with the answers and a link', async () => {
    const formId = await createPublishedForm(owner.agent, definition);
    const group = await owner.agent.post('/api/v1/team/groups').send({ name: 'Orga' }).expect(201);
    for (const userId of [owner.userId, member.userId]) {
      await owner.agent.post(`/api/v1/team/groups/${group.body.id}/members`).send({ userId }).expect(200);
    }
    await saveTab(owner.agent, formId, 'email', {
      notify: { userIds: [owner.userId, outsider.userId], groupIds: [group.body.id] },
    });

    const { submissionId } = await submit(app, formId, { name: 'Ina', member: true, dish: 'veg' });

    const german = await mailTo(owner.email, /Sommerfest/);
    expect(german.subject).toBe('Neue Antwort auf „Sommerfest“');
    expect(german.text).toContain('Hallo Olga Owner,');
    expect(german.text).toContain('Name: Ina\nMitglied?: Ja\nGericht: Gemüsecurry');
    expect(german.text).toContain(`Antwort ansehen: http://forms.test/v1/submissions/${submissionId}`);

    const english = await mailTo(member.email, /Sommerfest/);
    expect(english.subject).toBe('New response to “Sommerfest”');
    expect(english.text).toContain('Mitglied?: Yes');
    expect(english.text).toContain(`View the response: http://forms.test/en/v1/submissions/${submissionId}`);

    // Chosen twice (by name and by group), mailed once; someone outside the team never: the
    // submission queued exactly one mail per member.
    const queued = await FormDeliveryModel.find({ submissionId }).lean();
    expect(queued.map((delivery) => delivery.to).sort()).toEqual([member.email, owner.email]);
    await waitUntil(
      async () => FormDeliveryModel.countDocuments({ submissionId, status: 'sent' }),
      (count) => count === 2,
    );
    expect(mailbox.mails.filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
    // Once sent, the answers it carried are not kept a second time.
    expect(await FormDeliveryModel.findOne({ submissionId, to: owner.email }).lean()).toMatchObject({ mail: null });
    expect(mailbox.mails.filter((mail) => mail.to.includes(outsider.email))).toHaveLength(0);
  });
});

describe('the notification centre of the team', () => {
  const noticesOf = async (person: Person, submissionId: string): Promise<Notification[]> =>
    ((await person.agent.get('/api/v1/notifications').expect(200)).body.notifications as Notification[]).filter(
      (notification) => notification.link?.params.id === submissionId,
    );

  it('hears of a new response through the job that mails it, once, for each member the email tab notifies', async () => {
    const formId = await createPublishedForm(owner.agent, { ...definition, title: 'Herbstfest' });
    await saveTab(owner.agent, formId, 'email', { notify: { userIds: [member.userId], groupIds: [] } });

    const { submissionId } = await submit(app, formId, { name: 'Ina' });

    const [notice] = await waitUntil(
      () => noticesOf(member, submissionId),
      (notices) => notices.length > 0,
    );
    expect(notice).toMatchObject({
      type: 'submissionReceived',
      params: { formTitle: 'Herbstfest', submissionNumber: '1' },
      link: { route: 'v1-submissions-id', params: { id: submissionId } },
    });
    await waitUntil(
      async () => FormDeliveryModel.countDocuments({ submissionId, status: 'sent' }),
      (count) => count === 1,
    );
    expect(await noticesOf(member, submissionId)).toHaveLength(1);
    // The owner was not chosen in the email tab.
    expect(await noticesOf(owner, submissionId)).toEqual([]);

    // The form deleted, nothing is left to point at: its notices go with it.
    await owner.agent.delete(`/api/v1/forms/${formId}`).expect(204);
    expect(await noticesOf(member, submissionId)).toEqual([]);
  });
});

describe('the confirmation to the respondent', () => {
  it('is the owner’s text in the form’s language, answers filled in, HTML kept as text', async () => {
    const formId = await createPublishedForm(owner.agent, definition);
    await saveTab(owner.agent, formId, 'reference', { isEnabled: true, prefix: 'SF-' });
    await saveTab(owner.agent, formId, 'email', {
      confirmation: {
        isEnabled: true,
        emailFieldId: 'email',
        subject: 'Danke, {name}! ({reference})',
        body: 'Hallo {name},\nSie kommen zu „{formTitle}“ und essen {dish}. Mitglied: {member}.\n<b>Bis bald</b>',
      },
    });

    const { reference } = await submit(app, formId, {
      name: 'Ina',
      email: 'Ina@Example.com',
      member: false,
      dish: 'fish',
    });

    const mail = await mailTo('ina@example.com', /Danke/);
    expect(reference).toMatch(/^SF-/);
    expect(mail.subject).toBe(`Danke, Ina! (${reference})`);
    expect(mail.text).toContain(
      'Hallo Ina,\nSie kommen zu „Sommerfest“ und essen Fisch. Mitglied: Nein.\n<b>Bis bald</b>',
    );
    expect(mail.html).toContain('&#60;b&#62;Bis bald&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>');
  });

  it('is our own text when the owner left it empty, and is not sent without an address', async () => {
    const formId = await createPublishedForm(owner.agent, { ...definition, title: 'Summer party', language: 'en' });
    await saveTab(owner.agent, formId, 'email', { confirmation: { isEnabled: true, emailFieldId: 'email' } });

    await submit(app, formId, { name: 'No address' });
    await submit(app, formId, { name: 'Tom', email: 'tom@example.com' });

    const mail = await mailTo('tom@example.com', /Summer party/);
    expect(mail.subject).toBe('Your response to “Summer party”');
    expect(mail.text).toContain('Thank you, we have received your response to “Summer party”.');
    expect(mailbox.mails.filter((sent) => /Summer party/.test(sent.subject))).toHaveLength(1);
  });
});

describe('a mail the mail server did not take', () => {
  it('is listed as failed in the email tab while it is retried, and no longer once it went out', async () => {
    const formId = await createPublishedForm(owner.agent, definition);
    await saveTab(owner.agent, formId, 'email', { notify: { userIds: [member.userId], groupIds: [] } });
    const failures = async () =>
      (await owner.agent.get(`/api/v1/forms/${formId}/notifications/failures?kind=mail`).expect(200)).body.failures;

    await mailbox.stop();
    const { submissionId } = await submit(app, formId, { name: 'Retry' });
    const [failure] = await waitUntil(failures, (listed) => listed.length === 1);
    expect(failure).toMatchObject({
      channel: 'teamMail',
      to: member.email,
      willRetry: true,
      submissionId,
      message: expect.stringContaining('ECONNREFUSED'),
    });
    expect(failure.attempts).toBeGreaterThanOrEqual(1);
    // Another team cannot see them.
    await outsider.agent.get(`/api/v1/forms/${formId}/notifications/failures?kind=mail`).expect(404);

    mailbox = await startMailCatcher({ port: smtpPort });
    const mail = await mailTo(member.email, /Sommerfest/);
    expect(mail.text).toContain('Name: Retry');
    expect(await waitUntil(failures, (listed) => listed.length === 0)).toEqual([]);
  });
});
