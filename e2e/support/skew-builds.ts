import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './processes';

/**
 * Builds of the site other than the one the browser tests run against, for the version-skew tests:
 * real production builds, made while the test runs (about ten seconds each).
 */

function rspackBuild(directory: string): void {
  const built = spawnSync(join(directory, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
    cwd: directory,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building ${directory} failed:\n${built.stdout}\n${built.stderr}`);
}

const platformFiles = ['packages/platform/package.json', 'packages/platform/src/contract/contract.ts'];

/**
 * Builds `packages` (repository folders: `mfe-forms`, `shell`) with the platform contract at `version`
 * (the platform's package.json and contract.ts say so, as a release of the platform would) and
 * copies each build out; then puts the sources back and builds them again as they were.
 * Returns each package's copied dist folder.
 */
export function buildWithContract(version: string, packages: string[]): Record<string, string> {
  const sources = platformFiles.map((file) => ({ file, text: readFileSync(join(repoRoot, file), 'utf8') }));
  const current = JSON.parse(sources[0]?.text ?? '{}').version as string;
  const copies: Record<string, string> = {};
  try {
    for (const { file, text } of sources) {
      const said = file.endsWith('.json')
        ? text.replace(`"version": "${current}"`, `"version": "${version}"`)
        : text.replace(`platformContractVersion = '${current}'`, `platformContractVersion = '${version}'`);
      if (said === text) throw new Error(`${file} does not say the contract version ${current}`);
      writeFileSync(join(repoRoot, file), said);
    }
    for (const name of packages) {
      rspackBuild(join(repoRoot, name));
      copies[name] = mkdtempSync(join(tmpdir(), `${name}-${version}-`));
      cpSync(join(repoRoot, name, 'dist'), copies[name], { recursive: true });
    }
  } finally {
    for (const { file, text } of sources) writeFileSync(join(repoRoot, file), text);
    for (const name of packages) rspackBuild(join(repoRoot, name));
  }
  return copies;
}

/**
 * The previous commit checked out beside this one, its dependencies installed from the store the
 * test run installed (offline), and `packages` built there. Undefined when the clone has no previous
 * commit (a shallow one).
 */
export function buildPreviousCommit(
  packages: string[],
): { commit: string; contractVersion: string; dist: Record<string, string> } | undefined {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  let commit: string;
  try {
    commit = git('rev-parse', '--short=7', 'HEAD~1');
  } catch {
    return undefined;
  }
  const worktree = join(tmpdir(), `formwerk-${commit}`);
  if (!existsSync(join(worktree, 'node_modules'))) {
    rmSync(worktree, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', worktree, commit);
    // The pnpm `npm test` installed (scripts/lib/pnpm.mjs), in the other checkout.
    const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const version = String(packageManager).replace(/^pnpm@/, '');
    const pnpm = join(repoRoot, '.tools', `pnpm-${version}`, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
    const installed = spawnSync(process.execPath, [pnpm, 'install', '--offline', '--frozen-lockfile'], {
      cwd: worktree,
      encoding: 'utf8',
    });
    if (installed.status !== 0)
      throw new Error(`Installing ${commit} failed:\n${installed.stdout}\n${installed.stderr}`);
  }
  const dist: Record<string, string> = {};
  for (const name of packages) {
    rspackBuild(join(worktree, name));
    dist[name] = join(worktree, name, 'dist');
  }
  const { version } = JSON.parse(readFileSync(join(worktree, 'packages', 'platform', 'package.json'), 'utf8'));
  return { commit, contractVersion: version, dist };
}
