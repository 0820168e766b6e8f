// Child processes of the launcher: prefixed output, stopped together on exit or Ctrl-C.
import { spawn } from 'node:child_process';

const children = new Set();

export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  const prefix = `[${name}]`.padEnd(16);
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (!options.quiet) process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopAll() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
}

export function stopOnSignals(cleanup) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      await cleanup();
      process.exit(130);
    });
  }
}
