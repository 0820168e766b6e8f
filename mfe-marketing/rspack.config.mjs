// @ts-check
import { createRemoteConfigs, createStaticPagesConfigs, siteOperatorDefinition } from '@formwerk/build-config';

/**
 * The remote (the area's pages in the shell) and the same pages pre-rendered for guests, with their
 * one small script (see docs/decisions/024-static-marketing-pages.md).
 * @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv
 */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  return [
    ...createRemoteConfigs({
      directory: import.meta.dirname,
      mode,
      keptPages: ['pages'],
      // The legal pages name the operator the build's environment sets, signed in as for guests.
      configure: (config) => config.plugins?.push(siteOperatorDefinition()),
    }),
    // The island is the phone menu and the language switcher: whatever makes it heavier should be a
    // decision, taken here.
    ...createStaticPagesConfigs({ directory: import.meta.dirname, mode, islandBudget: 2_000 }),
  ];
};
