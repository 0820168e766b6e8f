// What `npm test` takes from Debian: Chromium for the browser tests (no browser download is possible
// or wanted here), and the tools the signing tests check sealed PDFs with (`pdfsig` from
// poppler-utils, `qpdf`, `openssl`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '@formwerk/build-config/chromium';

const testTools = [
  { path: chromiumPath, package: 'chromium' },
  { path: '/usr/bin/pdfsig', package: 'poppler-utils' },
  { path: '/usr/bin/qpdf', package: 'qpdf' },
  { path: '/usr/bin/openssl', package: 'openssl' },
];

export function ensureTestTools() {
  const missing = testTools.filter((tool) => !existsSync(tool.path)).map((tool) => tool.package);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages: install them with \`sudo apt-get install -y ${missing.join(' ')}\``);
  }
  console.log(`Installing ${missing.join(', ')} from Debian packages …`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
