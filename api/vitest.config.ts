import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/set-keys.ts'],
    // Tests that walk many serialized writes through the embedded database (the housekeeping job's
    // hours, 200 concurrent submissions) take seconds on two busy cores; a stuck test still fails.
    testTimeout: 30_000,
    // `npm run test:reliability` runs these alone: a stranger, a fault or a flood must never stall,
    // crash or lock out the others (issue 12).
    tags: [{ name: 'reliability', description: 'Faults, floods and attacks: bounded, on loopback only' }],
    hookTimeout: 30_000,
  },
});
