// @ts-check
import { createPageEntryConfig, createRemoteConfig } from '@formwerk/build-config';

/**
 * The remote (the area's pages in the shell) and the public form page, which this area owns but which
 * runs on its own (see docs/decisions/009-public-form-page.md).
 * @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv
 */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  return [
    createRemoteConfig({ directory: import.meta.dirname, mode, keptPages: ['fill'] }),
    createPageEntryConfig({ directory: import.meta.dirname, mode, name: 'fill' }),
  ];
};
