// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isContractCompatible, platformContractVersion } from './contract';

describe('the platform contract', () => {
  it("is the package's own version, which the shared singleton's range is built from", () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(platformContractVersion).toBe(packageJson.version);
  });

  it('takes an area of the same major, older or newer minor; refuses another major or no version', () => {
    expect(isContractCompatible('1.0.0', '1.4.2')).toBe(true);
    expect(isContractCompatible('1.7.0', '1.4.2')).toBe(true);
    expect(isContractCompatible('2.0.0', '1.4.2')).toBe(false);
    expect(isContractCompatible('0.9.0', '1.4.2')).toBe(false);
    expect(isContractCompatible('', '1.4.2')).toBe(false);
    expect(isContractCompatible('banana', '1.4.2')).toBe(false);
  });
});
