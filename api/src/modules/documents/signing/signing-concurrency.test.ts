import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { png, role, signatureField, useSigningTestKit } from './signing-test-helpers';
import { findSigningRequestById } from './signing-transitions';

// Within one api process, changes of one request and appends to its trail wait for each other
// (one-at-a-time.ts). Here they do not, as when every signer's request reaches another api instance:
// what keeps the outcome right is then the database alone (the guarded updates, the unique index of
// the trail, the outbox's claims).
vi.mock('./one-at-a-time', () => ({
  oneAtATime: <Result>(_key: string, work: () => Promise<Result>) => work(),
}));

const { mailbox, signUp, party, send, detailOf, receive, act, verify, waitForStatus } = useSigningTestKit();

describe('concurrency', () => {
  // Ten signings and a seal at once are seconds of CPU: on a busy two-core machine more than the
  // usual 30 s; a stuck one still fails.
  it('ten signers of one stage signing at once: one completion, one sealed file, every event once and chained', {
    timeout: 90_000,
  }, async () => {
    const team = await signUp('Conny Concurrent');
    const signers = Array.from({ length: 10 }, (_unused, index) => party(`Signer ${index + 1}`));
    const roles = signers.map((_each, index) => role(`s${index + 1}`, 'signer', 1));
    const sent = await send(team, {
      title: 'Gesellschaftsvertrag',
      roles,
      parties: signers,
      fields: roles.map((each, index) => signatureField(each.id, 0.05 + index * 0.09)),
    });
    await Promise.all(signers.map((each) => receive(each, /^Bitte unterschreiben: Gesellschaftsvertrag$/)));
    // Verified one after the other: the signing is what happens at once here.
    for (const each of signers) await verify(each);
    const answers = await Promise.all(
      signers.map((each, index) => act(each, 'sign', { values: { [`s${index + 1}-signature`]: { png } } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(signers.map(() => 200));

    expect((await waitForStatus(team, sent.id, 'completed')).status).toBe('completed');
    for (const each of signers) {
      await mailbox.waitForMail(each.email, /^Unterschrieben: Gesellschaftsvertrag$/);
      expect(mailbox.countMailsTo(each.email, /^Unterschrieben/)).toBe(1);
    }
    const { events, chain } = await detailOf(team, sent.id);
    expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
    expect(chain).toEqual({ isValid: true, brokenAt: null });
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect([count('signed'), count('verified'), count('sealed'), count('completed')]).toEqual([10, 10, 1, 1]);
    const signedBy = events.filter((event) => event.type === 'signed').map((event) => event.data.email);
    expect(new Set(signedBy).size).toBe(10);
    // The upload, the request's copy and one sealed copy: no second seal.
    const files = await mongoose.connection.db
      ?.collection('files.files')
      .countDocuments({ 'metadata.kind': 'library', 'metadata.teamId': team.teamId });
    expect(files).toBe(3);
    // Every follow-up done, none left for the repair job (follow-ups that overlapped cleared the mark).
    const deadline = Date.now() + 5000;
    while ((await findSigningRequestById(sent.id))?.hasFollowUp && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await findSigningRequestById(sent.id))?.hasFollowUp).toBe(false);
  });
});
