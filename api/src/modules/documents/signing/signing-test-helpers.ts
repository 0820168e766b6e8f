import type { SigningEvent, SigningRequest } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '../../../platform/app';
import { startJobWorker } from '../../../platform/jobs';
import { createLogger } from '../../../platform/logger';
import { signUpAndSignIn } from '../../../test/accounts';
import { createTestAgent, type TestAgent } from '../../../test/test-agent';
import { useTestDatabase } from '../../../test/test-database';
import { linkOf, useMailCatcher } from '../../../test/test-mail';
import { signaturePng } from '../sealing/sealing-test-helpers';
import { createSigningJobs } from './signing-jobs';

// What the signing tests share: a sender's team, recipients with browsers of their own, and the steps a
// person takes from the mailed link to their part.

export const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** A drawn signature as the browser sends it. */
export const png = Buffer.from(signaturePng()).toString('base64');

export type Member = { agent: TestAgent; userId: string; teamId: number; name: string; email: string };
/** A recipient: a browser of their own (cookies), an address of their own, and their link's token. */
export type Party = {
  name: string;
  email: string;
  agent: ReturnType<typeof request.agent>;
  headers: { 'X-Forwarded-For': string; 'User-Agent': string };
  token: string;
};

export type Role = { id: string; name: string; kind: 'signer' | 'approver' | 'viewer' | 'cc'; order: number };
export const role = (id: string, kind: Role['kind'], order: number): Role => ({ id, name: id, kind, order });
export const signatureField = (roleId: string, y = 0.7) => ({
  id: `${roleId}-signature`,
  page: 0,
  x: 0.1,
  y,
  width: 0.3,
  height: 0.08,
  kind: 'signature',
  roleId,
  required: true,
});

/** The trail's kinds of event in order, the mails left out. */
export const typesOf = (events: SigningEvent[]) =>
  events.map((event) => event.type).filter((type) => type !== 'mailed');
export const errorOf = (response: { body: { error?: { code?: string } } }) => response.body.error?.code;

/**
 * Call at the top of a test file: its own database, the api, a mail catcher (real SMTP) and a job
 * worker running the signing jobs, as in production; answers the steps the tests take.
 */
export function useSigningTestKit() {
  useTestDatabase();
  const logger = createLogger({ level: 'silent' });
  const app = createApp({ logger });
  const mailbox = useMailCatcher();

  let worker: { stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    worker = await startJobWorker({ definitions: createSigningJobs(logger), logger, processEveryMs: 100 });
  });
  afterAll(async () => {
    await worker?.stop();
  });

  let people = 0;
  async function signUp(name: string): Promise<Member> {
    people += 1;
    const email = `sender-${people}@example.com`;
    const agent = createTestAgent(app);
    const session = await signUpAndSignIn(agent, { name, email, password: 'correct horse battery' });
    return { agent, userId: session.body.user.id, teamId: session.body.teamId, name, email };
  }

  function party(name: string): Party {
    people += 1;
    return {
      name,
      email: `party-${people}@example.com`,
      agent: request.agent(app),
      headers: { 'X-Forwarded-For': `198.51.100.${people}`, 'User-Agent': firefox },
      token: '',
    };
  }

  async function uploadPdf(member: Member, pages = 2): Promise<string> {
    const pdf = PDF.create();
    for (let page = 0; page < pages; page += 1) pdf.addPage({ size: 'a4' }).drawText(`Vertrag Seite ${page + 1}`);
    const response = await member.agent
      .post('/api/v1/documents')
      .set('Content-Type', 'application/pdf')
      .set('X-File-Name', encodeURIComponent('Vertrag.pdf'))
      .send(Buffer.from(await pdf.save()))
      .expect(201);
    return response.body.id;
  }

  /** Sends a library PDF to `parties`, one role each (in order), and answers the request as created. */
  async function send(
    sender: Member,
    {
      title,
      roles,
      parties,
      fields,
      ...options
    }: {
      title: string;
      roles: Role[];
      parties: Party[];
      fields?: object[];
      allowDelegation?: boolean;
      expiresAt?: string;
      reminderEveryDays?: number;
    },
  ): Promise<SigningRequest> {
    const documentId = await uploadPdf(sender);
    const response = await sender.agent
      .post('/api/v1/signing-requests')
      .send({
        title,
        source: {
          kind: 'document',
          documentId,
          roles,
          fields: fields ?? roles.filter((each) => each.kind === 'signer').map((each) => signatureField(each.id)),
        },
        recipients: parties.map((each, index) => ({ roleId: roles[index]?.id, name: each.name, email: each.email })),
        message: 'Bitte bis Freitag.',
        ...options,
      })
      .expect(201);
    return response.body;
  }

  const detailOf = async (sender: Member, requestId: string): Promise<SigningRequest> =>
    (await sender.agent.get(`/api/v1/signing-requests/${requestId}`).expect(200)).body;

  /** The party's token, from the link of the mail whose subject matches. */
  async function receive(who: Party, subject: RegExp): Promise<void> {
    const mail = await mailbox.waitForMail(who.email, subject);
    const url = linkOf(mail);
    expect(url.pathname).toBe('/form/signed');
    who.token = url.searchParams.get('token') ?? '';
  }

  const act = (who: Party, path: string, body: object = {}) =>
    who.agent.post(`/api/v1/signing/${who.token}/${path}`).set(who.headers).send(body);

  /** Asks for a code, reads it from the mail and enters it: this browser is verified for an hour. */
  async function verify(who: Party): Promise<void> {
    const codes = /Ihr Bestätigungscode für/;
    const before = mailbox.countMailsTo(who.email, codes);
    await act(who, 'code').expect(202);
    const mail = await mailbox.waitForMail(who.email, codes, { after: before });
    const code = /Bestätigungscode: (\d{6})$/m.exec(mail.text)?.[1];
    await act(who, 'verify', { code }).expect(200);
  }

  /** The request once it has `status`, or as it is after 20 s. */
  async function waitForStatus(sender: Member, requestId: string, status: string): Promise<SigningRequest> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const detail = await detailOf(sender, requestId);
      if (detail.status === status || Date.now() > deadline) return detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { app, mailbox, signUp, party, uploadPdf, send, detailOf, receive, act, verify, waitForStatus };
}
