// `npm run build|lint|typecheck|dev` at the root: the pinned pnpm with the given arguments.
import { ensureDependencies, runPnpm } from './lib/pnpm.mjs';

ensureDependencies();
runPnpm(process.argv.slice(2));
