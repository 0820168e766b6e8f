import { describe, expect, it } from 'vitest';
import type { StoredRecipient } from './signing-request.model';
import { isStageOpen, openStageOf, openStages } from './signing-stages';

type Member = Pick<StoredRecipient, 'kind' | 'stage' | 'status'>;
const member = (kind: Member['kind'], stage: number, status: Member['status']): Member => ({ kind, stage, status });

describe('the stage rule', () => {
  it('opens a stage once every signer, approver and viewer before it is done', () => {
    const recipients = [member('approver', 1, 'approved'), member('signer', 1, 'open'), member('signer', 2, 'waiting')];
    expect(openStageOf(recipients)).toBe(1);
    expect(isStageOpen(recipients, member('signer', 2, 'waiting'))).toBe(false);
    expect(openStageOf([...recipients.slice(0, 1), member('signer', 1, 'signed'), recipients[2] as Member])).toBe(2);
  });

  it('when an approver of the stage has not approved, keeps later signers waiting', () => {
    expect(
      openStageOf([member('approver', 1, 'open'), member('signer', 1, 'signed'), member('signer', 2, 'waiting')]),
    ).toBe(1);
  });

  it('waits for a viewer until they opened the document, never for a CC, and lets a CC look at any time', () => {
    const recipients = [member('viewer', 1, 'open'), member('cc', 1, 'copied'), member('signer', 2, 'waiting')];
    expect(openStageOf(recipients)).toBe(1);
    expect(isStageOpen(recipients, member('cc', 3, 'copied'))).toBe(true);
    expect(
      openStageOf([member('viewer', 1, 'viewed'), member('cc', 1, 'copied'), member('signer', 2, 'waiting')]),
    ).toBe(2);
  });

  it('counts the delegate in place of who handed their part on, and says when nobody is left', () => {
    expect(openStageOf([member('signer', 1, 'delegated'), member('signer', 1, 'signed')])).toBeNull();
    expect(openStageOf([member('signer', 1, 'delegated'), member('signer', 1, 'open')])).toBe(1);
  });

  it('opens every waiting recipient up to the open stage, and names them', () => {
    const recipient = (id: string, stage: number, status: Member['status']) =>
      ({ id, kind: 'signer', stage, status }) as StoredRecipient;
    const { recipients, opened } = openStages([
      recipient('a', 1, 'signed'),
      recipient('b', 2, 'waiting'),
      recipient('c', 3, 'waiting'),
    ]);
    expect(recipients.map(({ status }) => status)).toEqual(['signed', 'open', 'waiting']);
    expect(opened.map(({ id }) => id)).toEqual(['b']);
  });
});
