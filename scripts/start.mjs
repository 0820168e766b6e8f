// `npm start`: installs what is missing, builds everything in production mode and starts the site.
import { runOnCurrentNode } from './lib/node-runtime.mjs';
import { ensureDependencies, runPnpm } from './lib/pnpm.mjs';
import { stopOnSignals } from './lib/processes.mjs';

await runOnCurrentNode();

ensureDependencies();
runPnpm(['-r', '--workspace-concurrency=2', 'build']);

const { startSystem } = await import('./lib/system.mjs');
try {
  const system = await startSystem();
  stopOnSignals(() => system.stop());
  console.log(`\n  Formwerk is running: ${system.url}\n  (Ctrl-C stops every process)\n`);
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
