import { randomUUID } from 'node:crypto';
import { siteContactFormIds } from '@formwerk/contracts/site-contact-form';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../platform/app';
import { trusted } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { linkOf, useMailCatcher } from '../../test/test-mail';
import { FormDeliveryModel } from '../form-notifications/form-delivery.model';
import { FormModel } from '../forms/form.model';
import { findPublishedForm, unpublishForm } from '../forms/forms.service';
import { issueStartToken } from '../submissions/start-token';
import { SubmissionModel } from '../submissions/submission.model';
import { TeamModel } from '../teams/team.model';
import { findUserByEmail } from '../users/users.service';
import { ensureSiteContactForms, startSiteContactForms } from './site-contact-form';
import { SiteSettingModel } from './site-setting.model';

useTestDatabase();
const mailbox = useMailCatcher();
const logger = createLogger({ level: 'silent' });
const publicUrl = 'https://formwerk.example';
const ownerEmail = 'website@formwerk.example';
const start = () => ensureSiteContactForms({ ownerEmail, publicUrl, logger });

describe('the site contact form, made sure of at every start', () => {
  it('is not made without an owner, nor with a bad owner address, which the start logs and goes on', async () => {
    await startSiteContactForms({ env: {}, publicUrl, logger });
    await expect(
      startSiteContactForms({ env: { SITE_TEAM_OWNER_EMAIL: 'not an address' }, publicUrl, logger }),
    ).resolves.toBeUndefined();
    expect(await SiteSettingModel.countDocuments()).toBe(0);
    expect(await FormModel.countDocuments({ _id: trusted({ $in: Object.values(siteContactFormIds) }) })).toBe(0);
  });

  it('is one site team’s, published in both languages, however many instances start at once', async () => {
    await Promise.all([start(), start(), start()]);
    const owner = await findUserByEmail(ownerEmail);
    expect(owner?.passwordHash).toBeNull();
    // The owner's personal team, made with the account and named after its address, and the site team.
    const teams = await TeamModel.find({ ownerId: owner?._id }).sort({ teamId: 1 }).lean();
    expect(teams.map((team) => team.name)).toEqual(['website', 'Formwerk-Website']);
    const setting = await SiteSettingModel.findOne({ key: 'site-team' }).lean();
    expect(teams[1]?.teamId).toBe(setting?.teamId);

    const german = await findPublishedForm(siteContactFormIds.de);
    expect(german.definition.language).toBe('de');
    const fields = german.definition.pages.flatMap((page) => page.fields);
    expect(fields.map((field) => [field.id, field.type, field.required])).toEqual([
      ['name', 'shortText', true],
      ['email', 'email', true],
      ['topic', 'singleChoice', true],
      ['message', 'longText', true],
      ['consent', 'consent', true],
    ]);
    const topic = fields.find((field) => field.id === 'topic');
    expect(topic?.type === 'singleChoice' && topic.choices.map((choice) => choice.id)).toEqual([
      'sales',
      'support',
      'privacy',
      'other',
    ]);
    const consent = fields.find((field) => field.id === 'consent');
    expect(consent?.type === 'consent' && consent.text).toContain('https://formwerk.example/datenschutz');
    const english = await findPublishedForm(siteContactFormIds.en);
    expect(english.definition.title).toBe('Contact');
    expect(JSON.stringify(english.definition)).toContain('https://formwerk.example/en/data-protection');
    expect(await FormModel.countDocuments({ teamId: setting?.teamId })).toBe(2);
  });

  it('takes a guest’s enquiry through the public link, only with the consent, for the owner to read in the site team', async () => {
    const app = createApp({ logger });
    const formId = siteContactFormIds.de;
    const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
    const send = async (answers: object) =>
      request(app)
        .post(`/api/v1/public/forms/${formId}/submissions`)
        .send({ answers, idempotencyKey: randomUUID(), startToken: await issueStartToken(formId, servedAt - 5000) });
    const enquiry = { name: 'Grete', email: 'grete@example.com', topic: 'privacy', message: 'Welche Daten habt ihr?' };
    const refused = await send(enquiry);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({ fieldId: 'consent', code: 'consentRequired' }),
    ]);
    const sent = await send({ ...enquiry, consent: true });
    expect(sent.status).toBe(201);
    const stored = await SubmissionModel.findById(sent.body.submissionId).lean();
    const setting = await SiteSettingModel.findOne({ key: 'site-team' }).lean();
    expect(stored?.teamId).toBe(setting?.teamId);
    expect(stored?.answers).toMatchObject({ topic: 'privacy', consent: true });
    // The owner is mailed of it, as a form's team of a submission.
    await vi.waitFor(async () => {
      const deliveries = await FormDeliveryModel.find({ submissionId: sent.body.submissionId }).lean();
      expect(deliveries.map(({ channel, to }) => ({ channel, to }))).toEqual([{ channel: 'teamMail', to: ownerEmail }]);
    });

    // The owner claims the account made without a password as anyone who forgot theirs, and reads the
    // enquiry where the product shows a form's submissions.
    const owner = createTestAgent(app);
    await owner.post('/api/v1/auth/forgot-password').send({ email: ownerEmail }).expect(204);
    const token = linkOf(await mailbox.waitForMail(ownerEmail, /Passwort/)).searchParams.get('token');
    await owner.post('/api/v1/auth/reset-password').send({ token, password: 'the site’s own password' }).expect(200);
    await owner.post('/api/v1/teams/current').send({ teamId: setting?.teamId }).expect(200);
    const { body } = await owner.get(`/api/v1/forms/${formId}/submissions`).expect(200);
    expect(body.submissions).toEqual([expect.objectContaining({ id: sent.body.submissionId })]);
  });

  it('is the same team and forms at the next start, and published again if someone unpublished it', async () => {
    const before = await SiteSettingModel.findOne({ key: 'site-team' }).lean();
    const teamId = before?.teamId ?? 0;
    await unpublishForm({ teamId }, siteContactFormIds.en);
    await start();
    expect((await SiteSettingModel.findOne({ key: 'site-team' }).lean())?.teamId).toBe(teamId);
    expect(await TeamModel.countDocuments({ name: 'Formwerk-Website' })).toBe(1);
    expect(await FormModel.countDocuments({ teamId })).toBe(2);
    expect((await findPublishedForm(siteContactFormIds.en)).definition.title).toBe('Contact');
  });

  it('is finished by a later start when the one that claimed the team died before making it', async () => {
    await SiteSettingModel.deleteMany({});
    await FormModel.deleteMany({ _id: trusted({ $in: Object.values(siteContactFormIds) }) });
    await SiteSettingModel.collection.insertOne({
      key: 'site-team',
      teamId: null,
      createdAt: new Date(Date.now() - 120_000),
      updatedAt: new Date(Date.now() - 120_000),
    });
    await start();
    const setting = await SiteSettingModel.findOne({ key: 'site-team' }).lean();
    expect(setting?.teamId).toEqual(expect.any(Number));
    expect((await findPublishedForm(siteContactFormIds.de)).definition.title).toBe('Kontakt');
  });
});
