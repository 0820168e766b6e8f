import { ports } from '@formwerk/build-config/ports';
import { type Area, areas } from '@formwerk/platform/routes';

/**
 * Where each remote's manifest lives while the live registry (the database's, docs/decisions/035) has
 * no release of it: the local remote servers' current builds, or per remote `REMOTE_MFE_<AREA>_URL`.
 * Releases are switched with `npm run promote`, without a restart.
 */
export function readRegistry(environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    areas.map((area: Area) => {
      const override = environment[`REMOTE_MFE_${area.toUpperCase()}_URL`];
      return [`mfe_${area}`, override ?? `http://localhost:${ports[area]}/mf-manifest.json`];
    }),
  );
}
