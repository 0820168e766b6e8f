import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

async function waitForUrl(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export type Started = { stop: () => Promise<void> };

function track(child: ChildProcess): Started {
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A built remote served on its own port, as the launcher serves it. */
export async function startRemote(area: string, port: number): Promise<Started> {
  const child = spawn(process.execPath, [join(repoRoot, 'packages/build-config/src/serve-remote.mjs')], {
    cwd: join(repoRoot, `mfe-${area}`),
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitForUrl(`http://127.0.0.1:${port}/mf-manifest.json`);
  return track(child);
}

/** A second shell server from the same build whose registry points one remote elsewhere. */
export async function startShell(port: number, environment: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [join(repoRoot, 'shell/dist-server/server.cjs')], {
    cwd: join(repoRoot, 'shell'),
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...environment },
    stdio: 'ignore',
  });
  await waitForUrl(`http://127.0.0.1:${port}/registry.json`);
  return track(child);
}

/** A server that accepts connections and never answers. */
export async function startSilentServer(port: number): Promise<Started> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
