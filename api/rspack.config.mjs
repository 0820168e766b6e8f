// @ts-check
import { fileURLToPath } from 'node:url';
// A relative path because @formwerk/build-config does not export this file by name yet.
import { createNodeBundleConfig } from '../packages/build-config/src/node-config.mjs';

export default createNodeBundleConfig({
  entry: fileURLToPath(new URL('./src/platform/server.ts', import.meta.url)),
  outputPath: fileURLToPath(new URL('./dist', import.meta.url)),
  filename: 'server.cjs',
});
