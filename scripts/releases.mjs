// An area team's release commands (README "Ship an area", docs/decisions/035), against the running
// site's api (npm start) or RELEASE_API_URL with RELEASE_TOKEN:
//   npm run release  -- <area> [--promote | --canary <percent>]   build, keep and register a release
//   npm run promote  -- <area> <id> [--canary <percent>]           make it live (or a canary)
//   npm run rollback -- <area>                                     back to the release before (or no canary)
//   npm run releases -- <area> [--prune [--keep <n>]]               what is live, kept, and who switched when;
//                                                                  --prune removes the kept releases but the
//                                                                  live, canary, rollback and newest n (5) ones
import { parseArgs } from 'node:util';
import { runOnCurrentNode } from './lib/node-runtime.mjs';
import { ensureDependencies } from './lib/pnpm.mjs';

await runOnCurrentNode();

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    promote: { type: 'boolean' },
    canary: { type: 'string' },
    prune: { type: 'boolean' },
    keep: { type: 'string', default: '5' },
  },
});
const [area = '', id] = positionals;

function canaryPercent() {
  if (values.canary === undefined) return undefined;
  const percent = Number(values.canary);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new Error(`--canary takes a whole percentage from 1 to 99, not "${values.canary}"`);
  }
  return percent;
}

/** @param {{ live: { id: string } | null, canary: { id: string, percent: number } | null }} state */
function describeState(state) {
  const canary = state.canary ? `, canary ${state.canary.id} for ${state.canary.percent} % of sessions` : '';
  return `live: ${state.live?.id ?? 'the build the site started with'}${canary}`;
}

try {
  ensureDependencies();
  const { assertArea, buildArea, createRegistryClient, keepAreaRelease, pruneAreaReleases } = await import(
    './lib/releases.mjs'
  );
  assertArea(area);
  const registry = createRegistryClient();
  const percent = canaryPercent();
  if (command === 'release') {
    buildArea(area);
    const release = keepAreaRelease(area);
    console.log(`mfe-${area}@${release.id} ${release.isNew ? 'kept in' : 'is the same build as'} ${release.directory}`);
    await registry.register({ area, id: release.id, manifestUrl: release.manifestUrl });
    console.log(`registered mfe-${area}@${release.id}`);
    if (values.promote || percent !== undefined) {
      console.log(describeState(await registry.promote(area, release.id, percent)));
    } else {
      console.log(`make it live: npm run promote -- ${area} ${release.id}   (or --canary <percent> first)`);
    }
  } else if (command === 'promote') {
    if (!id) throw new Error('promote needs the release id: npm run promote -- <area> <id>');
    console.log(describeState(await registry.promote(area, id, percent)));
  } else if (command === 'rollback') {
    console.log(describeState(await registry.rollback(area)));
  } else if (command === 'list') {
    const state = await registry.list(area);
    console.log(describeState(state));
    console.log(`rollback goes to: ${state.previous[0] ?? 'nothing'}`);
    console.log('\nreleases (newest first):');
    for (const release of state.releases) {
      console.log(
        `  ${release.id}  contract ${release.contractVersion}  built ${release.builtAt}  by ${release.registeredBy}`,
      );
    }
    console.log('\nswitches (newest first):');
    for (const entry of state.audit) {
      const percentText = entry.percent ? ` (${entry.percent} %)` : '';
      console.log(
        `  ${entry.at}  ${entry.actor}  ${entry.action}${percentText}  ${entry.from ?? '–'} → ${entry.to ?? '–'}`,
      );
    }
    if (values.prune) {
      const newest = Number(values.keep);
      if (!Number.isInteger(newest) || newest < 0)
        throw new Error(`--keep takes a number of releases, not "${values.keep}"`);
      const keep = new Set([
        ...(state.live ? [state.live.id] : []),
        ...(state.canary ? [state.canary.id] : []),
        ...state.previous,
        ...state.releases.slice(0, newest).map((release) => release.id),
      ]);
      const pruned = pruneAreaReleases(area, keep);
      const freed = (pruned.freedBytes / 1024 / 1024).toFixed(1);
      console.log(
        `\npruned: ${pruned.removedReleases.length} releases (${pruned.removedReleases.join(', ') || 'none'}) and ${pruned.removedFiles} files no kept release uses, ${freed} MB`,
      );
    }
  } else {
    throw new Error(`Unknown command "${command}": release, promote, rollback or list`);
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
