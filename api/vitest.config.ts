import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
