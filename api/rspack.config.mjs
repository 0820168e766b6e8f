// @ts-check
import { fileURLToPath } from 'node:url';
import { createNodeBundleConfig } from '@formwerk/build-config/node-config';

export default createNodeBundleConfig({
  entry: fileURLToPath(new URL('./src/platform/server.ts', import.meta.url)),
  outputPath: fileURLToPath(new URL('./dist', import.meta.url)),
  filename: 'server.cjs',
});
