// @ts-check
import { createRemoteConfigs } from '@formwerk/build-config';

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) =>
  createRemoteConfigs({ directory: import.meta.dirname, mode: argv.mode ?? 'development' });
