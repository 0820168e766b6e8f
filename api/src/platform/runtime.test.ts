import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  it('is Node.js 24 or newer, the current LTS (npm test installs it when the system Node is older)', {
    tags: ['reliability'],
  }, () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
