// `pnpm --filter mfe-<area> dev` (each remote's `dev`): one area for its team, without the other
// remotes. The area's development server (rspack serve, rebuilding on change) hosted by the shell
// alone (SHELL_ONLY_AREA): its pages in the site's header, language switch and guards, with the api on
// the embedded database as `npm start` has them. The other areas show their fallback card, or, with
// SHELL_OTHER_AREAS=live, run their live releases (from a site whose releases this api knows).
// The area on its own origin shows its standalone frame too. Stops everything on Ctrl-C.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaOfPackage, ports } from '@formwerk/build-config/ports';
import { runOnCurrentNode } from './lib/node-runtime.mjs';
import { repoRoot } from './lib/paths.mjs';
import { runPnpm } from './lib/pnpm.mjs';
import { stopOnSignals } from './lib/processes.mjs';

await runOnCurrentNode();

const area = areaOfPackage(JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).name);
// The api and the shell's server as `npm start` runs them, built once when they are not; the shell's
// page built for development, as `pnpm --filter shell dev` builds it: the area's development build
// takes React's development build from it (a shared singleton).
if (!existsSync(join(repoRoot, 'api/dist/server.cjs'))) runPnpm(['--filter', 'api', 'build']);
if (!existsSync(join(repoRoot, 'shell/dist-server/server.cjs'))) {
  runPnpm(['--filter', 'shell', 'exec', 'rspack', 'build', '-c', 'rspack.server.config.mjs']);
}
runPnpm(['--filter', 'shell', 'exec', 'rspack', 'build', '--mode', 'development']);

const { startSystem } = await import('./lib/system.mjs');
try {
  const system = await startSystem({ onlyArea: area });
  stopOnSignals(() => system.stop());
  const others = process.env.SHELL_OTHER_AREAS === 'live' ? 'run their live releases' : 'show their fallback card';
  console.log(`\n  mfe-${area} in the site: ${system.url} (the other areas ${others})`);
  console.log(`  mfe-${area} alone:       http://localhost:${ports[area]}\n  (Ctrl-C stops every process)\n`);
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
