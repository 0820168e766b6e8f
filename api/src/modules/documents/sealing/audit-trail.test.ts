import { describe, expect, it } from 'vitest';
import { type AuditEventData, appendEvent, type ChainedAuditEvent, canonicalJson, verifyChain } from './audit-trail';

const events: AuditEventData[] = [
  { type: 'sent', at: '2026-11-25T08:00:00.000Z', recipient: 'erika@example.com' },
  { type: 'viewed', at: '2026-11-25T09:00:00.000Z', recipient: 'erika@example.com', ipAddress: '203.0.113.7' },
  { type: 'signed', at: '2026-11-25T09:30:00.000Z', recipient: 'erika@example.com', fields: ['name', 'signature'] },
  { type: 'sealed', at: '2026-11-25T09:30:01.000Z', finalSha256: 'b'.repeat(64) },
];

function chainOf(data: AuditEventData[]): ChainedAuditEvent[] {
  const chain: ChainedAuditEvent[] = [];
  for (const event of data) chain.push(appendEvent(chain.at(-1)?.hash ?? null, event));
  return chain;
}

describe('audit trail', () => {
  it('writes canonical JSON: keys sorted at every depth, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null, 'x'], c: 2.5 } })).toBe(
      '{"a":{"c":2.5,"d":[true,null,"x"]},"b":1}',
    );
  });

  it('chains each event to the one before by its hash', () => {
    const chain = chainOf(events);
    expect(chain[0]?.prevHash).toBeNull();
    expect(chain[1]?.prevHash).toBe(chain[0]?.hash);
    expect(chain[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyChain(chain)).toEqual({ valid: true });
  });

  it('hashes the same event the same whatever order its keys come in', () => {
    const reordered = { recipient: 'erika@example.com', at: '2026-11-25T08:00:00.000Z', type: 'sent' };
    expect(appendEvent(null, reordered).hash).toBe(appendEvent(null, events[0] ?? {}).hash);
  });

  it('when an event was changed afterwards, finds the trail broken at that event', () => {
    const chain = chainOf(events);
    const tampered = chain.map((event, index) => (index === 1 ? { ...event, ipAddress: '198.51.100.1' } : event));
    expect(verifyChain(tampered)).toEqual({ valid: false, brokenAt: 1 });
  });

  it('when an event was changed and its hash computed anew, finds the trail broken at the next', () => {
    const chain = chainOf(events);
    const { prevHash, hash: _hash, ...data } = chain[2] ?? { prevHash: null, hash: '' };
    const forged = appendEvent(prevHash, { ...data, fields: ['name'] });
    expect(verifyChain(chain.map((event, index) => (index === 2 ? forged : event)))).toEqual({
      valid: false,
      brokenAt: 3,
    });
  });

  it('when events were reordered or one removed, finds the trail broken', () => {
    const chain = chainOf(events);
    const [first, second, ...rest] = chain;
    expect(first && second && verifyChain([second, first, ...rest])).toEqual({ valid: false, brokenAt: 0 });
    expect(first && second && verifyChain([first, ...rest])).toEqual({ valid: false, brokenAt: 1 });
  });

  it('refuses event data that would overwrite the chain fields', () => {
    expect(() => appendEvent(null, { type: 'sent', hash: 'x' })).toThrow(TypeError);
  });
});
