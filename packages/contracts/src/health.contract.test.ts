import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from './health.contract';

describe('healthResponseSchema', () => {
  it('when the database is up, requires its latency', () => {
    expect(healthResponseSchema.safeParse({ status: 'ok', database: { status: 'up', latencyMs: 3 } }).success).toBe(
      true,
    );
    expect(healthResponseSchema.safeParse({ status: 'ok', database: { status: 'up' } }).success).toBe(false);
  });

  it('when the status is ok, rejects a database that is down', () => {
    const result = healthResponseSchema.safeParse({ status: 'ok', database: { status: 'down', reason: 'connecting' } });

    expect(result.success).toBe(false);
  });
});
