import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] },
});
