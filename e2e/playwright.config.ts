import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { defineConfig } from '@playwright/test';

// Runs against the production build that `npm test` has started (BASE_URL); see scripts/test.mjs.
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:3000',
    locale: 'de-AT',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
  },
  projects: [
    { name: 'site', testIgnore: /releases\.spec\.ts$/ },
    // It switches the live releases every page load reads: alone, once the rest has run.
    { name: 'releases', testMatch: /releases\.spec\.ts$/, dependencies: ['site'] },
  ],
});
