import { join } from 'node:path';
import { ports } from '@formwerk/build-config/ports';
import { readRegistry } from '../config/registry';
import { createShellServer } from './create-shell-server';
import { siteHostsOf } from './custom-domain';
import { createShellLogger } from './logger';

const logger = createShellLogger(process.env.LOG_LEVEL ?? 'info');
const port = Number(process.env.PORT ?? ports.shell);
const buildCheckIntervalMs = Number(process.env.BUILD_CHECK_INTERVAL_MS ?? 60_000);
// Unset: the shell is the edge and the socket's address is the client's. Behind a load balancer set
// e.g. TRUST_PROXY=1 (one hop) or TRUST_PROXY=loopback (see Express's "trust proxy").
const trustProxy = process.env.TRUST_PROXY
  ? /^\d+$/.test(process.env.TRUST_PROXY)
    ? Number(process.env.TRUST_PROXY)
    : process.env.TRUST_PROXY
  : false;

const app = createShellServer({
  distDirectory: process.env.SHELL_DIST_DIR ?? join(__dirname, '..', 'dist'),
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${ports.api}`,
  registry: readRegistry(),
  buildCheckIntervalMs,
  logger,
  trustProxy,
  // The site's address, as the api knows it too; every other host is a form's custom domain.
  siteHosts: siteHostsOf([process.env.PUBLIC_URL]),
  isServedOverHttps: process.env.PUBLIC_URL?.startsWith('https:') ?? false,
});

const server = app.listen(port, () => logger.info(`shell serves http://localhost:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
