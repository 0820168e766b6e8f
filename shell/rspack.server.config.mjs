// @ts-check
// The shell's Node server, bundled into one file with the route table it shares with the browser.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeBundleConfig } from '@formwerk/build-config/node-config';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default createNodeBundleConfig({
  entry: join(import.meta.dirname, 'server/main.ts'),
  outputPath: join(import.meta.dirname, 'dist-server'),
  filename: 'server.cjs',
  packageJson,
});
