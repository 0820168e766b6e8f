// @ts-check
// The shell's Node server, bundled into one file with the route table it shares with the browser.

import { join } from 'node:path';
import { createNodeBundleConfig } from '@formwerk/build-config/node-config';

export default createNodeBundleConfig({
  entry: join(import.meta.dirname, 'server/main.ts'),
  outputPath: join(import.meta.dirname, 'dist-server'),
  filename: 'server.cjs',
});
