import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './errors.contract';

describe('errorBodySchema', () => {
  it('when the body carries a known code and details, accepts it', () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'Invalid request', details: { issues: [] } } };

    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('when the code is unknown, rejects the body', () => {
    const result = errorBodySchema.safeParse({ error: { code: 'TEAPOT', message: 'I am a teapot' } });

    expect(result.success).toBe(false);
  });
});
