// `pnpm --filter shell dev`: rebuilds the shell on change and serves it with its own server, so the
// registry, messages and route rules behave as in production. Remotes run with their own `dev`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const shellDirectory = join(import.meta.dirname, '..');
const rspack = join(shellDirectory, 'node_modules', '.bin', 'rspack');
const run = (args) => spawnSync(rspack, args, { cwd: shellDirectory, stdio: 'inherit' });

if (run(['build', '--mode', 'development']).status !== 0) process.exit(1);
if (run(['build', '-c', 'rspack.server.config.mjs']).status !== 0) process.exit(1);
if (!existsSync(join(shellDirectory, 'dist', 'index.html'))) process.exit(1);

const children = [
  spawn(rspack, ['build', '--mode', 'development', '--watch'], { cwd: shellDirectory, stdio: 'inherit' }),
  spawn(process.execPath, ['--enable-source-maps', 'dist-server/server.cjs'], {
    cwd: shellDirectory,
    stdio: 'inherit',
  }),
];
process.once('SIGINT', () => {
  for (const child of children) child.kill('SIGTERM');
});
