import { ports } from '@formwerk/build-config/ports';
import { type Area, areas } from '@formwerk/platform/routes';

/**
 * Where each remote's manifest lives while the live registry (the database's, docs/decisions/035) has
 * no release of it: the local remote servers' current builds, or per remote `REMOTE_MFE_<AREA>_URL`.
 * Releases are switched with `npm run promote`, without a restart.
 */
export function readRegistry(
  environment: NodeJS.ProcessEnv = process.env,
  hosted: readonly Area[] = areas,
): Record<string, string> {
  return Object.fromEntries(
    hosted.map((area: Area) => {
      const override = environment[`REMOTE_MFE_${area.toUpperCase()}_URL`];
      return [`mfe_${area}`, override ?? `http://localhost:${ports[area]}/mf-manifest.json`];
    }),
  );
}

/**
 * The shell that hosts one area alone (SHELL_ONLY_AREA, what `pnpm --filter mfe-<area> dev` starts):
 * that area from its start-up URL, whatever the live registry says, and the others either not at all
 * (their fallback card, the default) or, with SHELL_OTHER_AREAS=live, from their live releases: an
 * area's change tried against what the site runs.
 */
export type OnlyArea = { area: Area; others: 'fallbacks' | 'live' };

export function readOnlyArea(environment: NodeJS.ProcessEnv = process.env): OnlyArea | undefined {
  const only = environment.SHELL_ONLY_AREA;
  if (!only) return undefined;
  const area = areas.find((candidate) => candidate === only);
  if (!area) throw new Error(`SHELL_ONLY_AREA=${only} is not an area; the areas are ${areas.join(', ')}`);
  const others = environment.SHELL_OTHER_AREAS ?? 'fallbacks';
  if (others !== 'fallbacks' && others !== 'live') {
    throw new Error(`SHELL_OTHER_AREAS=${others}: it is fallbacks (the default) or live`);
  }
  return { area, others };
}
