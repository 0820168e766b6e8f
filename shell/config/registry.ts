import { ports } from '@formwerk/build-config/ports';
import { type Area, areas } from '@formwerk/platform/routes';

/**
 * Where each remote's manifest lives. Defaults point at the local remote servers; in production each
 * entry is overridden per remote by `REMOTE_MFE_<AREA>_URL` (e.g. a versioned CDN URL), so a remote
 * ships or rolls back without rebuilding the shell.
 */
export function readRegistry(environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    areas.map((area: Area) => {
      const override = environment[`REMOTE_MFE_${area.toUpperCase()}_URL`];
      return [`mfe_${area}`, override ?? `http://localhost:${ports[area]}/mf-manifest.json`];
    }),
  );
}
