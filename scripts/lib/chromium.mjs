// Browser tests use Debian's Chromium (no browser download is possible or wanted here).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '@formwerk/build-config/chromium';

export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${chromiumPath}: install it with \`sudo apt-get install -y chromium\``);
  }
  console.log('Installing Chromium from Debian packages …');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
