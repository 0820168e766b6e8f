// @ts-check

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHostConfig } from '@formwerk/build-config';
import { ports } from '@formwerk/build-config/ports';
import { rspack } from '@rspack/core';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  // Every build gets an id; the running shell polls builds/latest.json for a newer one.
  const buildId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
  const config = createHostConfig({
    directory: import.meta.dirname,
    port: ports.shell,
    mode,
    packageJson,
    runtimePlugins: [join(import.meta.dirname, 'src/federation/timeout-plugin.ts')],
  });
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.DefinePlugin({ __BUILD_ID__: JSON.stringify(buildId) }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
    {
      apply(compiler) {
        compiler.hooks.afterEmit.tap('WriteLatestBuild', () => {
          const directory = join(import.meta.dirname, 'dist', 'builds');
          mkdirSync(directory, { recursive: true });
          writeFileSync(join(directory, 'latest.json'), JSON.stringify({ id: buildId, timestamp: Date.now() }));
        });
      },
    },
  ];
  return config;
};
