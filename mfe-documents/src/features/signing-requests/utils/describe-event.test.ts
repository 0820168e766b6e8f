import type { SigningEvent } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe-event';

const eventOf = (type: SigningEvent['type'], data: Record<string, unknown>): SigningEvent => ({
  seq: 1,
  type,
  at: '2026-11-22T14:00:00.000Z',
  data: { type, at: '2026-11-22T14:00:00.000Z', ...data },
  prevHash: null,
  hash: 'a'.repeat(64),
});

describe('describeEvent', () => {
  it('names each mail a request sends by what it is about, and any other as a mail', () => {
    expect(describeEvent(eventOf('mailed', { mail: 'signing-completed', to: 'a@example.com' }))).toEqual({
      key: 'mailed.completed',
      values: { to: 'a@example.com' },
    });
    expect(describeEvent(eventOf('mailed', { mail: 'signing-reminder-v2', to: 'a@example.com' })).key).toBe(
      'mailed.other',
    );
  });

  it('carries the person, and a refusal its reason', () => {
    expect(
      describeEvent(eventOf('declined', { name: 'Anna Alt', email: 'anna@example.com', reason: 'Falsches Datum' })),
    ).toEqual({ key: 'declined', values: { name: 'Anna Alt', email: 'anna@example.com', reason: 'Falsches Datum' } });
  });

  it('reads values of another type than recorded as empty, never as "[object Object]"', () => {
    expect(describeEvent(eventOf('signed', { name: { first: 'Anna' }, email: 3 })).values).toEqual({
      name: '',
      email: '',
    });
    expect(describeEvent(eventOf('sent', { senderName: 'Olga', recipients: '4' })).values).toEqual({
      senderName: 'Olga',
      count: 0,
    });
  });

  it('says who cancelled, or only that it was cancelled when the name is missing', () => {
    expect(describeEvent(eventOf('cancelled', { byName: 'Olga Owner' }))).toEqual({
      key: 'cancelled',
      values: { byName: 'Olga Owner' },
    });
    expect(describeEvent(eventOf('cancelled', { byName: '' })).key).toBe('cancelledBySomeone');
  });
});
