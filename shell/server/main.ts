import { join } from 'node:path';
import { ports } from '@formwerk/build-config/ports';
import { readOnlyArea, readRegistry } from '../config/registry';
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

const onlyArea = readOnlyArea();
const app = createShellServer({
  distDirectory: process.env.SHELL_DIST_DIR ?? join(__dirname, '..', 'dist'),
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${ports.api}`,
  registry: readRegistry(process.env, onlyArea ? [onlyArea.area] : undefined),
  onlyArea,
  // Where releases may also come from (a CDN): comma-separated origins; hosting one area, also the
  // other remotes' own, where their live releases are.
  remoteOrigins: [
    ...(process.env.REMOTE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    ...(onlyArea ? Object.values(readRegistry()) : []),
  ],
  buildCheckIntervalMs,
  logger,
  trustProxy,
  // The site's address, as the api knows it too; every other host is a form's custom domain.
  siteHosts: siteHostsOf([process.env.PUBLIC_URL]),
  isServedOverHttps: process.env.PUBLIC_URL?.startsWith('https:') ?? false,
  publicUrl: process.env.PUBLIC_URL,
});

// This machine only unless HOST says otherwise (0.0.0.0 behind a load balancer, or to show the site
// to another device): the api and the remotes listen on 127.0.0.1 alike.
const host = process.env.HOST ?? '127.0.0.1';
const server = app.listen(port, host, () => logger.info(`shell serves http://localhost:${port}`));
// As the api's: a whole request within 5 minutes (a large upload on a slow line), its headers within
// 20 s, and idle keep-alive connections kept longer than load balancers in front keep theirs.
server.requestTimeout = 5 * 60_000;
server.headersTimeout = 20_000;
server.keepAliveTimeout = 65_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
