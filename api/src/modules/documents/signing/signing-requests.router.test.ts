import { createHash } from 'node:crypto';
import { PDF } from '@libpdf/core';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../../../platform/jobs';
import { QueuedJobModel } from '../../../platform/queued-job.model';
import { linkOf } from '../../../test/test-mail';
import { addTeamMember } from '../../teams/teams.service';
import { TimestampUnavailableError } from '../sealing/seal-pdf';
import { checkWithPdfsig, extractText, printCms, useScratchDirectory } from '../sealing/sealing-test-helpers';
import { startTestTimestampAuthority } from '../sealing/test-timestamp-authority';
import { signingTokenOf } from './signing-links';
import { mailTurn } from './signing-mails';
import { createEffects } from './signing-outbox';
import { remindSigningRecipientsJobName } from './signing-queue';
import { SigningRequestModel } from './signing-request.model';
import { sealSigningRequest } from './signing-seal';
import {
  errorOf,
  firefox,
  type Member,
  png,
  role,
  signatureField,
  typesOf,
  useSigningTestKit,
} from './signing-test-helpers';
import { findSigningRequestById, followUp, pendingEventsOf, repairSigningRequests } from './signing-transitions';

// Issue 16: a document or template sent for signature to people in ordered stages, the order enforced
// by the server for every link; each recipient proves their mailbox by a one-time code, acts in the
// browser without an account, and the completed document is sealed with a certificate page and an
// append-only, hash-chained audit trail.

const { app, mailbox, signUp, party, uploadPdf, send, detailOf, receive, act, verify, waitForStatus } =
  useSigningTestKit();
const scratch = useScratchDirectory();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let sender: Member;
beforeAll(async () => {
  sender = await signUp('Sandra Sender');
});

describe('stages', () => {
  it('refuses a later stage until the earlier is done, lets an approver block, and ends everything on a decline', async () => {
    const approver = party('Anna Approver');
    const first = party('Fritz First');
    const second = party('Sarah Second');
    const copy = party('Carl Copy');
    const sent = await send(sender, {
      title: 'Mietvertrag',
      roles: [
        role('approver', 'approver', 1),
        role('first', 'signer', 1),
        role('second', 'signer', 2),
        role('copy', 'cc', 1),
      ],
      parties: [approver, first, second, copy],
    });
    expect(sent.status).toBe('sent');
    expect(sent.openStage).toBe(1);
    await receive(approver, /^Bitte freigeben: Mietvertrag$/);
    await receive(first, /^Bitte unterschreiben: Mietvertrag$/);
    await receive(copy, /^Zur Kenntnis: Mietvertrag$/);
    expect(mailbox.countMailsTo(second.email)).toBe(0);

    // The second stage's link exists (its mail is still to come): it says so and changes nothing.
    const secondId = sent.recipients.find((each) => each.email === second.email)?.id ?? '';
    second.token = signingTokenOf(sent.id, secondId);
    const view = await second.agent.get(`/api/v1/signing/${second.token}`).expect(200);
    expect(view.body.recipient).toMatchObject({ status: 'waiting', isStageOpen: false, isVerified: false });
    expect(JSON.stringify(view.body)).not.toContain(first.email);
    const before = await detailOf(sender, sent.id);
    expect(errorOf(await act(second, 'code').expect(409))).toBe('SIGNING_NOT_YOUR_TURN');
    expect(errorOf(await act(second, 'sign', { values: { 'second-signature': { png } } }).expect(409))).toBe(
      'SIGNING_NOT_YOUR_TURN',
    );
    expect(errorOf(await act(second, 'decline', { reason: 'Zu früh' }).expect(409))).toBe('SIGNING_NOT_YOUR_TURN');
    const after = await detailOf(sender, sent.id);
    expect(after.events).toEqual(before.events);
    expect(after.recipients).toEqual(before.recipients);
    expect(mailbox.countMailsTo(second.email)).toBe(0);

    // Unverified, nobody acts; verified by the mailed code, the approver approves.
    expect(errorOf(await act(approver, 'approve').expect(401))).toBe('SIGNING_NOT_VERIFIED');
    await verify(approver);
    expect(errorOf(await act(approver, 'sign', { values: {} }).expect(403))).toBe('FORBIDDEN');
    const approved = await act(approver, 'approve').expect(200);
    expect(approved.body.recipient.status).toBe('approved');
    expect(mailbox.countMailsTo(second.email)).toBe(0);

    // The first signer opens the document and signs; only then is it the second signer's turn.
    await verify(first);
    const file = await first.agent.get(`/api/v1/signing/${first.token}/file?inline=1`).set(first.headers).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const missing = await act(first, 'sign', { values: {} }).expect(400);
    expect(missing.body.error.details.issues).toEqual([
      expect.objectContaining({ path: ['values', 'first-signature'] }),
    ]);
    await act(first, 'sign', { values: { 'first-signature': { png } } }).expect(200);
    await receive(second, /^Bitte unterschreiben: Mietvertrag$/);
    expect(second.token).toBe(signingTokenOf(sent.id, secondId));

    await verify(second);
    const declined = await act(second, 'decline', { reason: 'Die Miete ist falsch.' }).expect(200);
    expect(declined.body.status).toBe('declined');
    for (const told of [approver, first, copy]) {
      const mail = await mailbox.waitForMail(told.email, /^Abgelehnt: Mietvertrag$/);
      expect(mail.text).toContain('Die Miete ist falsch.');
      expect(mail.text).toContain('Sarah Second');
    }
    await mailbox.waitForMail(sender.email, /^Abgelehnt: Mietvertrag$/);
    expect(mailbox.countMailsTo(second.email, /^Abgelehnt/)).toBe(0);
    expect(errorOf(await act(first, 'code').expect(409))).toBe('SIGNING_CLOSED');

    const detail = await detailOf(sender, sent.id);
    expect(detail.status).toBe('declined');
    expect(detail.chain).toEqual({ isValid: true, brokenAt: null });
    expect(detail.recipients.find((each) => each.email === second.email)).toMatchObject({
      status: 'declined',
      declineReason: 'Die Miete ist falsch.',
      ipAddress: second.headers['X-Forwarded-For'],
      userAgent: firefox,
    });
    expect(typesOf(detail.events)).toEqual([
      'sent',
      'codeSent',
      'verified',
      'approved',
      'codeSent',
      'verified',
      'viewed',
      'signed',
      'codeSent',
      'verified',
      'declined',
    ]);
  });
});

describe('completion', () => {
  it('seals the signed document once everyone is done: valid signature, certificate page, chained trail', async () => {
    const signer = party('Erika Mustermann');
    const viewer = party('Victor Viewer');
    const copy = party('Clara Copy');
    const sent = await send(sender, {
      title: 'Werkvertrag',
      roles: [role('signer', 'signer', 1), role('viewer', 'viewer', 2), role('copy', 'cc', 2)],
      parties: [signer, viewer, copy],
      fields: [
        signatureField('signer'),
        {
          id: 'name',
          page: 0,
          x: 0.1,
          y: 0.5,
          width: 0.4,
          height: 0.04,
          kind: 'name',
          roleId: 'signer',
          required: true,
        },
        {
          id: 'date',
          page: 1,
          x: 0.1,
          y: 0.1,
          width: 0.2,
          height: 0.04,
          kind: 'date',
          roleId: 'signer',
          required: false,
        },
        {
          id: 'agree',
          page: 1,
          x: 0.1,
          y: 0.2,
          width: 0.04,
          height: 0.03,
          kind: 'checkbox',
          roleId: 'signer',
          required: true,
        },
      ],
    });
    await receive(signer, /^Bitte unterschreiben: Werkvertrag$/);
    await receive(copy, /^Zur Kenntnis: Werkvertrag$/);
    await verify(signer);
    const invalid = await act(signer, 'sign', {
      values: {
        'signer-signature': { png: Buffer.from('not a png').toString('base64') },
        name: 'Erika',
        agree: false,
        date: '2026-02-30',
      },
    }).expect(400);
    expect(invalid.body.error.details.issues.map((issue: { path: string[] }) => issue.path[1]).sort()).toEqual([
      'agree',
      'date',
      'signer-signature',
    ]);
    const values = { 'signer-signature': { png }, name: 'Erika Mustermann', date: '2026-11-26', agree: true };
    await act(signer, 'sign', { values }).expect(200);
    // The link used twice: says so, and changes nothing.
    expect(errorOf(await act(signer, 'sign', { values }).expect(409))).toBe('SIGNING_ALREADY_DONE');
    expect(errorOf(await signer.agent.get(`/api/v1/signing/${signer.token}/signed`).expect(404))).toBe('NOT_FOUND');

    // The viewer's part is to open the document; that completes the request.
    await receive(viewer, /^Bitte ansehen: Werkvertrag$/);
    await verify(viewer);
    await viewer.agent.get(`/api/v1/signing/${viewer.token}/file`).set(viewer.headers).expect(200);
    expect((await waitForStatus(sender, sent.id, 'completed')).status).toBe('completed');
    for (const told of [signer, viewer, copy]) {
      const mail = await mailbox.waitForMail(told.email, /^Unterschrieben: Werkvertrag$/);
      expect(linkOf(mail).searchParams.get('token')).toBe(told.token);
    }
    const toSender = await mailbox.waitForMail(sender.email, /^Unterschrieben: Werkvertrag$/);
    expect(linkOf(toSender).pathname).toBe('/v1/documents');
    // Read once the mails are out: the follow-up appends a transition's events before it queues its mails.
    const completed = await detailOf(sender, sent.id);

    const signed = await copy.agent.get(`/api/v1/signing/${copy.token}/signed`).buffer(true).expect(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    const pdf = signed.body as Buffer;
    const { signatures } = await checkWithPdfsig(scratch(), pdf);
    expect(signatures).toEqual([expect.objectContaining({ validation: 'Signature is Valid.', isWholeDocument: true })]);
    const text = await extractText(scratch(), pdf);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('26.11.2026');
    const certificate = await extractText(scratch(), pdf, 3);
    expect(certificate).toContain('Signaturzertifikat / Signing certificate');
    for (const person of [signer, viewer, copy]) expect(certificate).toContain(`${person.name} <${person.email}>`);
    expect(certificate).toContain('E-Mail-Einmalcode / Email one-time code');
    expect(certificate).toContain('Firefox 133 · Windows');
    expect(certificate).toContain(signer.headers['X-Forwarded-For']);
    expect(certificate).toContain(completed.original.sha256);

    expect(completed.signed?.sha256).toBe(sha256(pdf));
    const fromTeam = await sender.agent.get(`/api/v1/signing-requests/${sent.id}/file?version=signed`).buffer(true);
    expect(fromTeam.status).toBe(200);
    expect(sha256(fromTeam.body)).toBe(sha256(pdf));
    expect(fromTeam.headers['content-disposition']).toContain('attachment');
    expect(completed.chain).toEqual({ isValid: true, brokenAt: null });
    expect(completed.events.map((event) => event.seq)).toEqual(completed.events.map((_event, index) => index + 1));
    expect(typesOf(completed.events)).toEqual([
      'sent',
      'codeSent',
      'verified',
      'signed',
      'codeSent',
      'verified',
      'viewed',
      'sealed',
      'completed',
    ]);
    const sealed = completed.events.find((event) => event.type === 'sealed');
    expect(sealed?.data).toMatchObject({ originalSha256: completed.original.sha256, finalSha256: sha256(pdf) });
    // Each mail is recorded: the first stage and the CC, the viewer's turn, everyone's signed copy.
    expect(completed.events.filter((event) => event.type === 'mailed')).toHaveLength(7);
  });

  it('answers the certificate page(s) alone as a PDF of their own, once completed, leaving the signed copy as sealed', async () => {
    const signer = party('Berta Bauer');
    const sent = await send(sender, {
      title: 'Kaufvertrag',
      roles: [role('signer', 'signer', 1)],
      parties: [signer],
    });
    await receive(signer, /^Bitte unterschreiben: Kaufvertrag$/);
    const certificateOf = (who: typeof signer) =>
      who.agent.get(`/api/v1/signing/${who.token}/certificate`).buffer(true);
    // Before the seal there is none, and no code opens it.
    expect(errorOf(await certificateOf(signer).expect(404))).toBe('NOT_FOUND');
    await verify(signer);
    await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
    const completed = await waitForStatus(sender, sent.id, 'completed');

    // A fresh browser without the verification cookie: the link alone opens it, as the signed copy.
    const certificate = await request(app).get(`/api/v1/signing/${signer.token}/certificate`).buffer(true).expect(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.headers['content-disposition']).toContain('attachment');
    expect(certificate.headers['content-disposition']).toContain('filename="Kaufvertrag (Zertifikat).pdf"');
    expect(certificate.headers['cache-control']).toBe('private, no-store');
    const bytes = certificate.body as Buffer;
    // The document's two pages are left out; what remains is the certificate as sealed.
    expect((await PDF.load(bytes)).getPageCount()).toBe(1);
    const text = await extractText(scratch(), bytes);
    expect(text).toContain('Signaturzertifikat / Signing certificate');
    expect(text).toContain(`${signer.name} <${signer.email}>`);
    expect(text).toContain(completed.original.sha256);
    expect(text).not.toContain('Vertrag Seite');
    expect((await checkWithPdfsig(scratch(), bytes)).signatures).toEqual([]);

    const signed = await signer.agent.get(`/api/v1/signing/${signer.token}/signed`).buffer(true).expect(200);
    expect(sha256(signed.body)).toBe(completed.signed?.sha256);
    expect(signed.headers['content-disposition']).toContain('filename="Kaufvertrag (unterschrieben).pdf"');
  });
});

describe('templates', () => {
  it('sends a template as it is at that moment: its roles and fields copied, its stages closed up', async () => {
    const documentId = await uploadPdf(sender);
    const made = await sender.agent.post('/api/v1/document-templates').send({ documentId }).expect(201);
    const roles = [role('tenant', 'signer', 1), role('landlord', 'approver', 3)];
    await sender.agent
      .put(`/api/v1/document-templates/${made.body.id}`)
      .send({ revision: made.body.revision, name: 'Vorlage Miete', roles, fields: [signatureField('tenant')] })
      .expect(200);
    const tenant = party('Tom Tenant');
    const landlord = party('Lisa Landlord');
    const body = {
      source: { kind: 'template', templateId: made.body.id },
      recipients: [{ roleId: 'tenant', name: tenant.name, email: tenant.email }],
    };
    const incomplete = await sender.agent.post('/api/v1/signing-requests').send(body).expect(400);
    expect(incomplete.body.error.details.issues).toEqual([expect.objectContaining({ path: ['recipients'] })]);
    const sent = await sender.agent
      .post('/api/v1/signing-requests')
      .send({
        ...body,
        recipients: [...body.recipients, { roleId: 'landlord', name: landlord.name, email: landlord.email }],
      })
      .expect(201);
    expect(sent.body).toMatchObject({ title: 'Vorlage Miete', source: { kind: 'template', id: made.body.id } });
    expect(sent.body.recipients.map(({ kind, stage }: { kind: string; stage: number }) => [kind, stage])).toEqual([
      ['signer', 1],
      ['approver', 2],
    ]);
    // The template goes; the request keeps its own copy and goes on.
    await sender.agent.delete(`/api/v1/document-templates/${made.body.id}`).expect(204);
    await receive(tenant, /^Bitte unterschreiben: Vorlage Miete$/);
    await verify(tenant);
    await act(tenant, 'sign', { values: { 'tenant-signature': { png } } }).expect(200);
    await receive(landlord, /^Bitte freigeben: Vorlage Miete$/);
    await verify(landlord);
    await act(landlord, 'approve').expect(200);
    expect((await waitForStatus(sender, sent.body.id, 'completed')).status).toBe('completed');
  });
});

describe('refusals', () => {
  it('when the request has expired, ends it, tells the sender, and every link says so', async () => {
    const signer = party('Egon Expired');
    const sent = await send(sender, {
      title: 'Frist',
      roles: [role('signer', 'signer', 1)],
      parties: [signer],
      expiresAt: new Date(Date.now() + 2000).toISOString(),
    });
    await receive(signer, /^Bitte unterschreiben: Frist$/);
    await mailbox.waitForMail(sender.email, /^Abgelaufen: Frist$/);
    expect((await detailOf(sender, sent.id)).status).toBe('expired');
    expect(errorOf(await act(signer, 'code').expect(410))).toBe('SIGNING_EXPIRED');
    expect(errorOf(await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(410))).toBe(
      'SIGNING_EXPIRED',
    );
    const view = await signer.agent.get(`/api/v1/signing/${signer.token}`).expect(200);
    expect(view.body.status).toBe('expired');
  });

  it('after five wrong codes, refuses even the right one until a new code is asked for', async () => {
    const signer = party('Walter Wrong');
    await send(sender, { title: 'Codes', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await receive(signer, /^Bitte unterschreiben: Codes$/);
    await act(signer, 'code').expect(202);
    const mail = await mailbox.waitForMail(signer.email, /Ihr Bestätigungscode für/);
    const code = /Bestätigungscode: (\d{6})$/m.exec(mail.text)?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (const triesLeft of [4, 3, 2, 1, 0]) {
      const refused = await act(signer, 'verify', { code: wrong }).expect(400);
      expect(refused.body.error).toMatchObject({
        code: 'SIGNING_CODE_INVALID',
        details: { reason: 'wrong', triesLeft },
      });
    }
    expect(errorOf(await act(signer, 'verify', { code }).expect(429))).toBe('SIGNING_CODE_LOCKED');
    expect(errorOf(await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(401))).toBe(
      'SIGNING_NOT_VERIFIED',
    );
    await verify(signer);
    await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
  });

  it('lets the sender and the team’s owner withdraw a request, not another member; everyone mailed is told', async () => {
    const member = await signUp('Mia Member');
    await addTeamMember(sender.teamId, member.userId, 'member');
    await member.agent.post('/api/v1/teams/current').send({ teamId: sender.teamId }).expect(200);
    const signer = party('Kurt Cancelled');
    const later = party('Lena Later');
    const sent = await send(sender, {
      title: 'Zurückgezogen',
      roles: [role('signer', 'signer', 1), role('later', 'signer', 2)],
      parties: [signer, later],
    });
    await receive(signer, /^Bitte unterschreiben: Zurückgezogen$/);
    expect(errorOf(await member.agent.post(`/api/v1/signing-requests/${sent.id}/cancel`).expect(403))).toBe(
      'FORBIDDEN',
    );
    const cancelled = await sender.agent.post(`/api/v1/signing-requests/${sent.id}/cancel`).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await mailbox.waitForMail(signer.email, /^Zurückgezogen: Zurückgezogen$/);
    expect(mailbox.countMailsTo(later.email)).toBe(0);
    expect(errorOf(await act(signer, 'code').expect(409))).toBe('SIGNING_CLOSED');
    expect(errorOf(await sender.agent.post(`/api/v1/signing-requests/${sent.id}/cancel`).expect(409))).toBe(
      'SIGNING_CLOSED',
    );
    expect(typesOf(cancelled.body.events)).toEqual(['sent', 'cancelled']);
  });

  it('deletes a closed request with its copies, links and trail, giving its storage back; a running one is refused', async () => {
    const storageOf = async () => (await sender.agent.get('/api/v1/documents').expect(200)).body.storage.usedBytes;
    const before = await storageOf();
    const signer = party('Dora Deleted');
    const sent = await send(sender, { title: 'Zu löschen', roles: [role('signer', 'signer', 1)], parties: [signer] });
    const uploaded = sent.original.size;
    expect(errorOf(await sender.agent.delete(`/api/v1/signing-requests/${sent.id}`).expect(409))).toBe(
      'SIGNING_RUNNING',
    );
    await receive(signer, /^Bitte unterschreiben: Zu löschen$/);
    await verify(signer);
    await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
    const completed = await waitForStatus(sender, sent.id, 'completed');
    expect(await storageOf()).toBe(before + 2 * uploaded + (completed.signed?.size ?? 0));
    const total = (await sender.agent.get('/api/v1/signing-requests').expect(200)).body.total;

    const member = await signUp('Max Member');
    await addTeamMember(sender.teamId, member.userId, 'member');
    await member.agent.post('/api/v1/teams/current').send({ teamId: sender.teamId }).expect(200);
    expect(errorOf(await member.agent.delete(`/api/v1/signing-requests/${sent.id}`).expect(403))).toBe('FORBIDDEN');
    // Its last follow-up (mails of the completion) may still be on its way: then it is refused, and taken a moment later.
    await expect
      .poll(async () => (await sender.agent.delete(`/api/v1/signing-requests/${sent.id}`)).status, { timeout: 10_000 })
      .toBe(204);

    await sender.agent.get(`/api/v1/signing-requests/${sent.id}`).expect(404);
    await act(signer, 'code').expect(404);
    await signer.agent.get(`/api/v1/signing/${signer.token}/signed`).set(signer.headers).expect(404);
    expect((await sender.agent.get('/api/v1/signing-requests').expect(200)).body.total).toBe(total - 1);
    // The library's own upload stays; the request's copy and the sealed copy are gone.
    expect(await storageOf()).toBe(before + uploaded);
    const requestId = new mongoose.Types.ObjectId(sent.id);
    const left = await Promise.all(
      ['signing_links', 'signing_values', 'signing_events'].map((name) =>
        mongoose.connection.db?.collection(name).countDocuments({ requestId }),
      ),
    );
    expect(left).toEqual([0, 0, 0]);
    const codeId = `${sent.id}:${completed.recipients[0]?.id}`;
    expect(
      await mongoose.connection.db?.collection<{ _id: string }>('signing_codes').countDocuments({ _id: codeId }),
    ).toBe(0);
  });

  it('tells each caller whether they may withdraw and delete it: its sender, the owner and admins, not another member', async () => {
    const mia = await signUp('Mia Member');
    const max = await signUp('Max Member');
    const ada = await signUp('Ada Admin');
    for (const [person, teamRole] of [
      [mia, 'member'],
      [max, 'member'],
      [ada, 'admin'],
    ] as const) {
      await addTeamMember(sender.teamId, person.userId, teamRole);
      await person.agent.post('/api/v1/teams/current').send({ teamId: sender.teamId }).expect(200);
    }
    const sent = await send(mia, {
      title: 'Von Mia',
      roles: [role('signer', 'signer', 1)],
      parties: [party('Rita Recipient')],
    });
    expect(sent.mayManage).toBe(true);
    const mayManageOf = async (person: Member) => {
      const detail = await detailOf(person, sent.id);
      const listed = (await person.agent.get('/api/v1/signing-requests').expect(200)).body.requests;
      const summary = listed.find(({ id }: { id: string }) => id === sent.id);
      return [detail.mayManage, summary?.mayManage];
    };
    // The owner (who made the team) and the admin did not send it, yet may steer it.
    expect(await mayManageOf(mia)).toEqual([true, true]);
    expect(await mayManageOf(sender)).toEqual([true, true]);
    expect(await mayManageOf(ada)).toEqual([true, true]);
    expect(await mayManageOf(max)).toEqual([false, false]);
    expect(errorOf(await max.agent.post(`/api/v1/signing-requests/${sent.id}/cancel`).expect(403))).toBe('FORBIDDEN');
  });

  it('names the form whose submission sent a request, by its title now; nothing for one a member sent, or once the form is gone', async () => {
    const sent = await send(sender, {
      title: 'Aus dem Formular',
      roles: [role('signer', 'signer', 1)],
      parties: [party('Fritz Form')],
    });
    expect(sent.origin).toBeNull();
    const formId = (await sender.agent.post('/api/v1/forms').send({ title: 'Vertragsanfrage' }).expect(201)).body.id;
    const submissionId = new mongoose.Types.ObjectId().toString();
    // As form-signing stores it when a submission starts the request.
    await SigningRequestModel.updateOne(
      { _id: sent.id },
      { $set: { origin: { kind: 'submission', formId, submissionId } } },
    );
    expect((await detailOf(sender, sent.id)).origin).toEqual({
      kind: 'submission',
      formId,
      submissionId,
      formTitle: 'Vertragsanfrage',
    });
    await sender.agent.delete(`/api/v1/forms/${formId}`).expect(204);
    expect((await detailOf(sender, sent.id)).origin).toBeNull();
  });

  it('keeps another team’s requests as if there were none', async () => {
    const other = await signUp('Otto Other');
    const signer = party('Tina Team');
    const sent = await send(sender, { title: 'Intern', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await other.agent.get(`/api/v1/signing-requests/${sent.id}`).expect(404);
    await other.agent.get(`/api/v1/signing-requests/${sent.id}/file`).expect(404);
    await other.agent.post(`/api/v1/signing-requests/${sent.id}/cancel`).expect(404);
    expect((await other.agent.get('/api/v1/signing-requests').expect(200)).body.total).toBe(0);
    const list = (await sender.agent.get('/api/v1/signing-requests').expect(200)).body;
    expect(list.requests[0]).toMatchObject({ id: sent.id, title: 'Intern', status: 'sent', openStage: 1 });
    await request(app)
      .get(`/api/v1/signing/${'x'.repeat(43)}`)
      .expect(404);
  });

  it('refuses recipients that do not fit: an address twice, a role nobody takes, a stage gap', async () => {
    const documentId = await uploadPdf(sender);
    const post = (body: object) => sender.agent.post('/api/v1/signing-requests').send(body).expect(400);
    const roles = [role('a', 'signer', 1), role('b', 'signer', 3)];
    const twice = await post({
      source: { kind: 'document', documentId, roles, fields: [signatureField('a'), signatureField('b', 0.5)] },
      recipients: [
        { roleId: 'a', name: 'A', email: 'same@example.com' },
        { roleId: 'b', name: 'B', email: 'SAME@example.com' },
      ],
    });
    const paths = twice.body.error.details.issues.map((issue: { path: (string | number)[] }) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['recipients.1.email', 'source.roles']));
    const nobody = await post({
      source: { kind: 'document', documentId, roles: [role('a', 'signer', 1)], fields: [signatureField('a')] },
      recipients: [{ roleId: 'x', name: 'X', email: 'x@example.com' }],
    });
    expect(nobody.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('delegation', () => {
  it('hands a signer’s part to another person, whose link works while the old one stops', async () => {
    const signer = party('Dora Delegating');
    const delegate = party('Detlef Delegate');
    const sent = await send(sender, {
      title: 'Vollmacht',
      roles: [role('signer', 'signer', 1)],
      parties: [signer],
      allowDelegation: true,
    });
    await receive(signer, /^Bitte unterschreiben: Vollmacht$/);
    await verify(signer);
    await act(signer, 'delegate', { name: delegate.name, email: delegate.email }).expect(204);
    await signer.agent.get(`/api/v1/signing/${signer.token}`).expect(404);
    const mail = await mailbox.waitForMail(delegate.email, /^Bitte unterschreiben: Vollmacht$/);
    expect(mail.text).toContain('Dora Delegating');
    await receive(delegate, /^Bitte unterschreiben: Vollmacht$/);
    await verify(delegate);
    await act(delegate, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
    const completed = await waitForStatus(sender, sent.id, 'completed');
    expect(completed.recipients.map(({ name, status }) => ({ name, status }))).toEqual([
      { name: 'Dora Delegating', status: 'delegated' },
      { name: 'Detlef Delegate', status: 'signed' },
    ]);
    expect(completed.chain.isValid).toBe(true);
    expect(typesOf(completed.events)).toContain('delegated');
  });

  it('when the sender does not allow it, refuses', async () => {
    const signer = party('Norbert No');
    await send(sender, { title: 'Ohne', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await receive(signer, /^Bitte unterschreiben: Ohne$/);
    await verify(signer);
    expect(errorOf(await act(signer, 'delegate', { name: 'Y', email: 'y@example.com' }).expect(403))).toBe('FORBIDDEN');
  });
});

describe('jobs that run twice', () => {
  it('reminds whoever’s turn it is once per round, however many jobs run it, and queues one next round', async () => {
    const signer = party('Rita Reminded');
    const later = party('Lutz Later');
    const sent = await send(sender, {
      title: 'Erinnerung',
      roles: [role('signer', 'signer', 1), role('later', 'signer', 2)],
      parties: [signer, later],
      reminderEveryDays: 1,
    });
    await receive(signer, /^Bitte unterschreiben: Erinnerung$/);
    const reminders = { name: remindSigningRecipientsJobName, 'data.requestId': sent.id };
    // The first round falls due now, and a second job of it was queued too (a repaired follow-up).
    await enqueueJob(remindSigningRecipientsJobName, { requestId: sent.id, round: 1 });
    await QueuedJobModel.updateMany(reminders, { $set: { due: 0 } });
    await mailbox.waitForMail(signer.email, /^Erinnerung: Bitte unterschreiben: Erinnerung$/);
    const deadline = Date.now() + 10_000;
    while ((await QueuedJobModel.countDocuments({ ...reminders, 'data.round': 1 })) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pending = await QueuedJobModel.find(reminders).lean<{ data: { round: number } }[]>();
    expect(pending.map((job) => job.data.round)).toEqual([2]);
    expect(mailbox.countMailsTo(signer.email, /^Erinnerung:/)).toBe(1);
    expect(mailbox.countMailsTo(later.email)).toBe(0);
  });

  it('when a follow-up was cut off, carries out its mail and event once, however many run it', async () => {
    const signer = party('Fabian Follow-up');
    const sent = await send(sender, { title: 'Nachgeholt', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await receive(signer, /^Bitte unterschreiben: Nachgeholt$/);
    // A transition was written and the api died before its follow-up: a mail and its event wait.
    const request = await findSigningRequestById(sent.id);
    const recipient = request?.recipients[0];
    if (!request || !recipient) throw new Error('The request was not stored');
    const effects = createEffects();
    mailTurn(effects, request, recipient, new Date(), { occasion: 'reminder' });
    await SigningRequestModel.updateOne(
      { _id: request._id },
      {
        $set: {
          ...Object.fromEntries(Object.entries(effects.outbox).map(([id, entry]) => [`outbox.${id}`, entry])),
          ...Object.fromEntries(
            Object.entries(pendingEventsOf(effects.events, request.rev)).map(([key, event]) => [
              `pendingEvents.${key}`,
              event,
            ]),
          ),
          hasFollowUp: true,
          followUpSince: new Date(Date.now() - 10 * 60_000),
        },
      },
    );
    // Two follow-ups with the same stale copy and the repair job, all at once.
    const stale = await findSigningRequestById(sent.id);
    if (!stale) throw new Error('The request is gone');
    await Promise.all([followUp(stale), followUp(stale), repairSigningRequests()]);
    await mailbox.waitForMail(signer.email, /^Erinnerung: Bitte unterschreiben: Nachgeholt$/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.countMailsTo(signer.email, /^Erinnerung:/)).toBe(1);
    const detail = await detailOf(sender, sent.id);
    expect(detail.events.filter((event) => event.type === 'mailed')).toHaveLength(2);
    expect(detail.chain.isValid).toBe(true);
    expect((await findSigningRequestById(sent.id))?.hasFollowUp).toBe(false);
  });

  it('with a timestamp authority configured, seals B-T; while it does not answer, seals nothing and says why', async () => {
    const team = await signUp('Tina Timestamp');
    const signer = party('Theo Timed');
    const sent = await send(team, { title: 'Zeitstempel', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await receive(signer, /^Bitte unterschreiben: Zeitstempel$/);
    await verify(signer);
    const authority = await startTestTimestampAuthority();
    try {
      // First an authority that is not there: the seal fails loudly, the request waits to be sealed.
      vi.stubEnv('SIGNING_TSA_URL', 'http://127.0.0.1:9/tsr');
      await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
      await expect(sealSigningRequest(sent.id)).rejects.toThrow(TimestampUnavailableError);
      const waiting = await detailOf(team, sent.id);
      expect([waiting.status, waiting.signed]).toEqual(['sealing', null]);

      // Once it answers, the next try seals, with its timestamp.
      vi.stubEnv('SIGNING_TSA_URL', authority.url);
      await sealSigningRequest(sent.id);
      expect((await waitForStatus(team, sent.id, 'completed')).status).toBe('completed');
      const signed = await signer.agent.get(`/api/v1/signing/${signer.token}/signed`).buffer(true).expect(200);
      const { signatures } = await checkWithPdfsig(scratch(), signed.body as Buffer);
      expect(signatures.map(({ validation }) => validation)).toEqual(['Signature is Valid.']);
      expect(await printCms(scratch(), signed.body as Buffer)).toContain('id-smime-aa-timeStampToken');
    } finally {
      vi.unstubAllEnvs();
      await authority.stop();
    }
  });

  it('seals once when the seal job runs three times at once', async () => {
    const team = await signUp('Selma Seal');
    const signer = party('Siegfried Sealed');
    const sent = await send(team, { title: 'Einmal', roles: [role('signer', 'signer', 1)], parties: [signer] });
    await receive(signer, /^Bitte unterschreiben: Einmal$/);
    await verify(signer);
    await act(signer, 'sign', { values: { 'signer-signature': { png } } }).expect(200);
    await Promise.all([sealSigningRequest(sent.id), sealSigningRequest(sent.id)]);
    expect((await waitForStatus(team, sent.id, 'completed')).status).toBe('completed');
    await mailbox.waitForMail(signer.email, /^Unterschrieben: Einmal$/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const completed = await detailOf(team, sent.id);
    expect(completed.events.filter((event) => event.type === 'sealed')).toHaveLength(1);
    expect(mailbox.countMailsTo(signer.email, /^Unterschrieben/)).toBe(1);
    const files = await mongoose.connection.db
      ?.collection('files.files')
      .countDocuments({ 'metadata.kind': 'library', 'metadata.teamId': team.teamId });
    expect(files).toBe(3);
  });
});
