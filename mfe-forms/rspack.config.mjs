// @ts-check
import { createRemoteConfig } from '@formwerk/build-config';

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) => createRemoteConfig({ directory: import.meta.dirname, mode: argv.mode ?? 'development' });
