// `npm run build|lint|typecheck|dev` at the root: the pinned pnpm with the given arguments.
import { runOnCurrentNode } from './lib/node-runtime.mjs';
import { ensureDependencies, runPnpm } from './lib/pnpm.mjs';

await runOnCurrentNode();

ensureDependencies();
runPnpm(process.argv.slice(2));
