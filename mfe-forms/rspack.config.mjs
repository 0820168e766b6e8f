// @ts-check
import { join } from 'node:path';
import { createPageEntryConfig, createRemoteConfigs } from '@formwerk/build-config';
import { rspack } from '@rspack/core';

/**
 * RE2 (behind contracts' answer-pattern.ts) was 40 kB of the public page's 111 kB brotli: for the page
 * the module is replaced by one that loads it only for a form with a pattern
 * (src/fill/answer-pattern-on-demand.ts). Should the replacement stop matching, the budget below fails.
 */
const answerPatternOnDemand = new rspack.NormalModuleReplacementPlugin(/^\.\/answer-pattern$/, (resource) => {
  if (/[\\/]packages[\\/]contracts[\\/]src$/.test(resource.context)) {
    resource.request = join(import.meta.dirname, 'src/fill/answer-pattern-on-demand.ts');
  }
});

/**
 * The remote (the area's pages in the shell) and the public form page, which this area owns but which
 * runs on its own (see docs/decisions/009-public-form-page.md).
 * @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv
 */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  return [
    ...createRemoteConfigs({ directory: import.meta.dirname, mode, keptPages: ['fill'] }),
    createPageEntryConfig({
      directory: import.meta.dirname,
      mode,
      name: 'fill',
      plugins: [answerPatternOnDemand],
      // Script and stylesheet were 74.1 kB brotli with issue 13, 60 of it React: whatever makes the
      // page heavier should be a decision, taken here.
      brotliBudget: 76_000,
    }),
  ];
};
