import { type CaughtMail, startMailCatcher } from '@formwerk/build-config/mail-catcher';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import { type OutboxEntry, type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';
import { createInstanceMailSender, createOutboxEntrySender } from './workflow-mails';
import { testPublicUrl } from './workflow-test-helpers';

// An instance's outbox is drained by jobs that may run side by side, each with the copy it read: every
// mail goes out once, and a copy read before another job sent a mail does not send it again.

useTestDatabase();

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let settings: Parameters<typeof createInstanceMailSender>[0];
const logger = createLogger({ level: 'silent' });

beforeAll(async () => {
  catcher = await startMailCatcher();
  settings = { smtpUrl: catcher.url, from: 'Formwerk <no-reply@forms.test>', directory: '', publicUrl: testPublicUrl };
});
afterAll(async () => {
  await catcher.stop();
});

const entryTo = (to: string): OutboxEntry => ({
  mail: {
    kind: 'workflow-notification',
    to,
    locale: 'de',
    workflowName: 'Urlaub',
    formTitle: 'Urlaubsantrag',
    label: 'Personalabteilung informieren',
    message: 'Ein Antrag ist eingegangen.',
  },
  userId: null,
  sendingSince: null,
});

/** An instance holding only an outbox and what it is about, written as stored (the sender reads nothing else). */
async function instanceWithOutbox(outbox: Record<string, OutboxEntry>) {
  const instance = { _id: new Types.ObjectId(), submissionId: new Types.ObjectId(), formId: new Types.ObjectId() };
  await WorkflowInstanceModel.collection.insertOne({ ...instance, outbox });
  return instance;
}

const mailsTo = (to: string) => catcher.mails.filter((mail: CaughtMail) => mail.to.includes(to));
const outboxOf = async (_id: Types.ObjectId) =>
  (await WorkflowInstanceModel.findById(_id, { outbox: 1 }).lean<Pick<WorkflowInstance, 'outbox'>>())?.outbox;

describe('the outbox of an instance', () => {
  it('sends each mail once and empties the outbox', async () => {
    const instance = await instanceWithOutbox({ a: entryTo('hr@example.com'), b: entryTo('boss@example.com') });
    await createInstanceMailSender(settings, logger)(instance._id.toHexString());
    expect(mailsTo('hr@example.com')).toHaveLength(1);
    expect(mailsTo('boss@example.com')).toHaveLength(1);
    expect(await outboxOf(instance._id)).toEqual({});
  });

  it('does not send again from a copy read before another job sent and removed the mail', async () => {
    const entry = entryTo('late@example.com');
    const instance = await instanceWithOutbox({ m1: entry });
    const staleCopy = structuredClone(entry);
    await createInstanceMailSender(settings, logger)(instance._id.toHexString());
    await createOutboxEntrySender(settings, logger)(instance, 'm1', staleCopy);
    expect(mailsTo('late@example.com')).toHaveLength(1);
    // Nor is half an entry (only its mark) written back, which a later drain would trip over.
    expect(await outboxOf(instance._id)).toEqual({});
  });

  it('of two jobs draining at once, sends every mail once', async () => {
    const outbox = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [`n${index}`, entryTo(`both${index}@example.com`)]),
    );
    const instance = await instanceWithOutbox(outbox);
    const send = createInstanceMailSender(settings, logger);
    await Promise.all([send(instance._id.toHexString()), send(instance._id.toHexString())]);
    for (let index = 0; index < 6; index += 1) expect(mailsTo(`both${index}@example.com`)).toHaveLength(1);
    expect(await outboxOf(instance._id)).toEqual({});
  });
});
