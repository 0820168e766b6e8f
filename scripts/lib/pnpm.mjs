// Runs the pinned pnpm without a global install (corepack failed its signature check on the system
// Node 20 here), so the version from package.json#packageManager is installed with npm into .tools/pnpm once.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const pnpmVersion = packageManager.replace(/^pnpm@/, '');
const pnpmPrefix = join(repoRoot, '.tools', `pnpm-${pnpmVersion}`);
const pnpmBin = join(pnpmPrefix, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  console.log(`Installing pnpm ${pnpmVersion} into .tools/ …`);
  execFileSync(
    'npm',
    ['install', '--prefix', pnpmPrefix, '--no-save', '--no-audit', '--no-fund', `pnpm@${pnpmVersion}`],
    {
      stdio: 'inherit',
    },
  );
  return pnpmBin;
}

export function runPnpm(args, options = {}) {
  const result = spawnSync(process.execPath, [ensurePnpm(), ...args], { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.status !== 0) {
    throw new Error(`pnpm ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Like runPnpm, but keeps this process's event loop free (for servers it runs, e.g. the mail catcher). */
export function runPnpmAsync(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ensurePnpm(), ...args], { stdio: 'inherit', cwd: repoRoot, ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

// Installs workspace dependencies when node_modules is missing or older than the lockfile.
export function ensureDependencies() {
  const marker = join(repoRoot, 'node_modules', '.modules.yaml');
  const lockfile = join(repoRoot, 'pnpm-lock.yaml');
  const isFresh = existsSync(marker) && existsSync(lockfile) && statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs;
  if (isFresh) return;
  runPnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]);
}
