#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-check
// Serves a built remote on its own origin: CORS for the manifest fetch, hashed chunks immutable,
// manifest and remoteEntry no-cache, index.html for standalone use of the remote.
import express from 'express';
import { areaOfPackage, ports } from './ports.mjs';
import { cacheControlFor } from './static-headers.mjs';

const directory = process.cwd();
const { name } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
const area = areaOfPackage(name);
const port = Number(process.env.PORT ?? ports[area]);
const distDirectory = join(directory, 'dist');

const app = express();
app.disable('x-powered-by');
app.use((_request, response, next) => {
  response.setHeader('Access-Control-Allow-Origin', '*');
  next();
});
app.use(
  express.static(distDirectory, {
    index: false,
    setHeaders: (response, path) => response.setHeader('Cache-Control', cacheControlFor(path)),
  }),
);
app.use((_request, response) => {
  response.setHeader('Cache-Control', 'no-cache');
  response.sendFile(join(distDirectory, 'index.html'));
});
app.listen(port, () => console.log(`${name} serves ${distDirectory} on http://localhost:${port}`));
