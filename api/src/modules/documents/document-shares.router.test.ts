import { documentSharesMax } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import { useTestDatabase } from '../../test/test-database';
import { linkOf, useMailCatcher } from '../../test/test-mail';
import { addGroupMember, createGroup, removeGroupMember } from '../groups/groups.service';
import { DocumentShareModel } from './document-share.model';

// Issue 16: a document of the library shared with people by address (an account made later too), with
// a group of the team, or as an expiring link; "Shared with me" lists what reaches a person.

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const mailbox = useMailCatcher();

type Person = TestPerson;

const signUp = (name: string, locale: 'de' | 'en' = 'de', email?: string) =>
  signUpPerson(app, name, { locale, ...(email ? { email } : {}) });

const joinTeam = (owner: Person, name: string) => signUpMemberOf(app, owner, name);

async function uploadPdf(person: Person, name: string): Promise<string> {
  const pdf = PDF.create();
  pdf.addPage({ size: 'a4' });
  const response = await person.agent
    .post('/api/v1/documents')
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', encodeURIComponent(name))
    .send(Buffer.from(await pdf.save()))
    .expect(201);
  return response.body.id;
}

const share = (person: Person, documentId: string, body: object) =>
  person.agent.post(`/api/v1/documents/${documentId}/shares`).send(body);
const sharedWith = async (person: Person) => (await person.agent.get('/api/v1/shared-documents').expect(200)).body;

let owner: Person;
beforeAll(async () => {
  owner = await signUp('Olga Owner');
});

describe('sharing with people', () => {
  it('lists the document for them across teams, lets them open it, and mails them in their language', async () => {
    const documentId = await uploadPdf(owner, 'Vertrag Müller.pdf');
    const reader = await signUp('Rita Reader', 'en');
    const stranger = await signUp('Sam Stranger');

    const created = await share(owner, documentId, {
      kind: 'people',
      emails: [reader.email.toUpperCase()],
      message: 'Please have a look',
    }).expect(201);
    expect(created.body.shares).toEqual([
      expect.objectContaining({ kind: 'person', email: reader.email, name: 'Rita Reader' }),
    ]);
    expect(created.body.linkPath).toBeNull();

    const list = await sharedWith(reader);
    expect(list.total).toBe(1);
    expect(list.documents[0]).toMatchObject({
      document: { id: documentId, name: 'Vertrag Müller.pdf', pageCount: 1 },
      sharedBy: { name: 'Olga Owner' },
      via: { kind: 'person' },
    });
    expect(list.documents[0].teamName).not.toBe('');
    const file = await reader.agent.get(`/api/v1/shared-documents/${documentId}/file?inline=1`).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toBe('sandbox');

    const mail = await mailbox.waitForMail(reader.email, /shared “Vertrag Müller.pdf” with you/);
    expect(mail.text).toContain('Please have a look');
    expect(linkOf(mail).pathname).toBe('/en/v1/documents/shared');

    // Nobody else: not listed, and the file answers as if there were none.
    expect((await sharedWith(stranger)).total).toBe(0);
    await stranger.agent.get(`/api/v1/shared-documents/${documentId}/file`).expect(404);
  });

  it('reaches an address without an account once an account confirms it', async () => {
    const documentId = await uploadPdf(owner, 'Angebot.pdf');
    const email = 'later-comer@example.com';
    await share(owner, documentId, { kind: 'people', emails: [email] }).expect(201);
    await mailbox.waitForMail(email, /hat „Angebot.pdf“ mit Ihnen geteilt/);

    // Signing up confirms the address as its mailed link would (signUpAndSignIn).
    const later = await signUp('Lea Later', 'de', email);
    const list = await sharedWith(later);
    expect(list.documents.map((entry: { document: { name: string } }) => entry.document.name)).toEqual(['Angebot.pdf']);
  });

  it('shares with the same address once, leaves out the sharer, and answers the shares made', async () => {
    const documentId = await uploadPdf(owner, 'Einmal.pdf');
    const twice = await share(owner, documentId, {
      kind: 'people',
      emails: ['once@example.com', 'ONCE@example.com', owner.email],
    }).expect(201);
    expect(twice.body.shares).toHaveLength(1);
    await share(owner, documentId, { kind: 'people', emails: ['once@example.com'] }).expect(201);
    const listed = (await owner.agent.get(`/api/v1/documents/${documentId}/shares`).expect(200)).body.shares;
    expect(listed).toEqual([expect.objectContaining({ kind: 'person', email: 'once@example.com', name: null })]);
    expect(mailbox.countMailsTo('once@example.com')).toBeLessThanOrEqual(1);
  });
});

describe('sharing with a group', () => {
  it('reaches its members as they are at each look', async () => {
    const team = await signUp('Gina Group-Owner');
    const member = await joinTeam(team, 'Max Member');
    const documentId = await uploadPdf(team, 'Handbuch.pdf');
    const group = await createGroup(team.teamId, 'Vertrieb');
    await addGroupMember(team.teamId, group.id, member.userId);

    await share(team, documentId, { kind: 'group', groupId: group.id }).expect(201);
    const list = await sharedWith(member);
    expect(list.documents[0]).toMatchObject({
      document: { name: 'Handbuch.pdf' },
      via: { kind: 'group', name: 'Vertrieb' },
    });

    await removeGroupMember(team.teamId, group.id, member.userId);
    expect((await sharedWith(member)).total).toBe(0);
    await member.agent.get(`/api/v1/shared-documents/${documentId}/file`).expect(404);
  });

  it('refuses another team’s group', async () => {
    const other = await signUp('Otto Other');
    const theirs = await createGroup(other.teamId, 'Fremd');
    const documentId = await uploadPdf(owner, 'Intern.pdf');
    await share(owner, documentId, { kind: 'group', groupId: theirs.id }).expect(404);
  });
});

describe('sharing by link', () => {
  it('opens the PDF for anyone holding the link until it expires or is taken back', async () => {
    const documentId = await uploadPdf(owner, 'Preisliste.pdf');
    const created = await share(owner, documentId, { kind: 'link', days: 30 }).expect(201);
    const { linkPath } = created.body;
    expect(linkPath).toMatch(/^\/api\/v1\/shared-links\/[A-Za-z0-9_-]{43}$/);
    const expiresInDays = (Date.parse(created.body.shares[0].expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(expiresInDays)).toBe(30);

    const inline = await request(app).get(linkPath).expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    expect(inline.headers['content-security-policy']).toBe('sandbox');
    const download = await request(app).get(`${linkPath}?download=1`).expect(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);

    // Only the token's hash is stored: the link cannot be read back from the database.
    const stored = await DocumentShareModel.findById(created.body.shares[0].id).lean();
    expect(JSON.stringify(stored)).not.toContain(linkPath.split('/').pop());

    await DocumentShareModel.updateOne(
      { _id: created.body.shares[0].id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const expired = await request(app).get(linkPath).set('Accept-Language', 'en').expect(410);
    expect(expired.text).toBe('This link has expired. Ask the person who shared it for a new one.');
    const expiredDe = await request(app).get(linkPath).set('Accept-Language', 'de-DE').expect(410);
    expect(expiredDe.text).toContain('abgelaufen');

    const fresh = await share(owner, documentId, { kind: 'link' }).expect(201);
    await owner.agent.delete(`/api/v1/documents/${documentId}/shares/${fresh.body.shares[0].id}`).expect(204);
    await request(app).get(fresh.body.linkPath).expect(404);
    await request(app).get('/api/v1/shared-links/not-a-token').expect(404);
  });

  it('refuses a validity that is not offered', async () => {
    const documentId = await uploadPdf(owner, 'Dauer.pdf');
    const refused = await share(owner, documentId, { kind: 'link', days: 365 }).expect(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('who may do what', () => {
  it('lets who shared, and the owner and admins, take a share back; no other member', async () => {
    const team = await signUp('Tara Team');
    const sharer = await joinTeam(team, 'Sven Sharer');
    const other = await joinTeam(team, 'Ole Other');
    const documentId = await uploadPdf(team, 'Gemeinsam.pdf');
    const made = await share(sharer, documentId, { kind: 'people', emails: ['x@example.com'] }).expect(201);
    const shareId = made.body.shares[0].id;
    const refused = await other.agent.delete(`/api/v1/documents/${documentId}/shares/${shareId}`).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await team.agent.delete(`/api/v1/documents/${documentId}/shares/${shareId}`).expect(204);
  });

  it('answers another team’s document as missing', async () => {
    const documentId = await uploadPdf(owner, 'Geheim.pdf');
    const outsider = await signUp('Ina Outsider');
    await share(outsider, documentId, { kind: 'link' }).expect(404);
    await outsider.agent.get(`/api/v1/documents/${documentId}/shares`).expect(404);
  });

  it('stops at the limit of shares per document, with what the limit is', async () => {
    const documentId = await uploadPdf(owner, 'Viele.pdf');
    const sharedAt = new Date();
    await DocumentShareModel.insertMany(
      Array.from({ length: documentSharesMax }, (_, index) => ({
        teamId: owner.teamId,
        documentId,
        kind: 'person',
        email: `many-${index}@example.com`,
        recipientKey: `email:many-${index}@example.com`,
        sharedBy: owner.userId,
        sharedByName: 'Olga Owner',
        sharedAt,
      })),
    );
    const refused = await share(owner, documentId, { kind: 'link' }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'SHARES_LIMIT_REACHED', details: { limit: documentSharesMax } });
  });

  it('takes a deleted document’s shares with it', async () => {
    const documentId = await uploadPdf(owner, 'Weg.pdf');
    const reader = await signUp('Wanda Weg');
    const made = await share(owner, documentId, { kind: 'link' }).expect(201);
    await share(owner, documentId, { kind: 'people', emails: [reader.email] }).expect(201);
    await owner.agent.delete(`/api/v1/documents/${documentId}`).expect(204);
    expect(await DocumentShareModel.countDocuments({ documentId })).toBe(0);
    expect((await sharedWith(reader)).total).toBe(0);
    await request(app).get(made.body.linkPath).expect(404);
  });
});
