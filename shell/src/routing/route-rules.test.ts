import { describe, expect, it } from 'vitest';
import { isAbsoluteUrl } from './route-rules';

describe('route rules', () => {
  it('tells an absolute redirect (full page load) from a relative one (in-app navigation)', () => {
    expect(isAbsoluteUrl('https://docs.example/start')).toBe(true);
    expect(isAbsoluteUrl('/en/v1')).toBe(false);
    expect(isAbsoluteUrl('/?login=true')).toBe(false);
  });
});
