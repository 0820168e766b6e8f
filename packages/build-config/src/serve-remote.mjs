#!/usr/bin/env node
// @ts-check
// Serves a built remote on its own origin (remote-server.mjs), on this machine only unless HOST says
// otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaOfPackage, ports } from './ports.mjs';
import { createRemoteServer, siteOriginsOf } from './remote-server.mjs';

const directory = process.cwd();
const { name } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
const area = areaOfPackage(name);
const port = Number(process.env.PORT ?? ports[area]);
const host = process.env.HOST ?? '127.0.0.1';
const distDirectory = join(directory, 'dist');

const siteOrigins = siteOriginsOf({
  publicUrl: process.env.PUBLIC_URL,
  siteOrigins: process.env.SITE_ORIGINS,
  shellPort: ports.shell,
});
// Where `npm run release` keeps the remote's releases (scripts/lib/releases.mjs), if this server serves them.
const releasesDirectory = process.env.RELEASES_DIR ? join(process.env.RELEASES_DIR, name) : undefined;
const app = createRemoteServer({ distDirectory, siteOrigins, releasesDirectory });
const server = app.listen(port, host, () => console.log(`${name} serves ${distDirectory} on http://localhost:${port}`));
// Files only: a request's headers within 20 s and the whole of it within a minute.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 65_000;
