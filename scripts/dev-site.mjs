// `npm run dev`: every part in development mode, rebuilding on change: the remotes' development
// servers (their `dev:remote`; a remote's own `dev` runs that area alone, scripts/dev-area.mjs), the
// shell (rebuilt and served by its server) and the api's watch build.
import { runPnpmAsync } from './lib/pnpm.mjs';

await Promise.all([
  runPnpmAsync(['-r', '--parallel', '--filter', './mfe-*', 'dev:remote']),
  runPnpmAsync(['-r', '--parallel', '--filter', 'shell', '--filter', 'api', 'dev']),
]);
