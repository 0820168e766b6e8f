// @ts-check
// The shell–remote contract's version: `@formwerk/platform`'s own (semver). The shared singleton's
// required range is built from it; each remote's `./routes` declares it (`@formwerk/platform/contract`,
// which is bundled into the remote, not shared), and the shell mounts a remote of its own major only
// (docs/decisions/035).

import { readFileSync } from 'node:fs';

/** @type {string} */
export const platformContractVersion = JSON.parse(
  readFileSync(new URL('../../platform/package.json', import.meta.url), 'utf8'),
).version;
