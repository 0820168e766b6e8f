// @ts-check

import { readFileSync } from 'node:fs';
import { createRemoteConfig } from '@formwerk/build-config';
import { ports } from '@formwerk/build-config/ports';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) =>
  createRemoteConfig({
    name: 'mfe_approvals',
    directory: import.meta.dirname,
    port: ports.approvals,
    mode: argv.mode ?? 'development',
    packageJson,
    exposes: { './routes': './src/exposes/routes.tsx' },
  });
