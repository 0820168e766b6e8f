import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReleaseArea, ReleaseDescription } from '@formwerk/contracts';

/** What the host answers for one path: a body, with a status other than 200 or after a pause if asked. */
export type HostedFile = { body: string; status?: number; delayMs?: number };

/**
 * A static host for the tests, on loopback: each remote's releases under `/mfe-<area>/releases/<id>/`,
 * as `npm run release` lays them out and the remote's server serves them, with the files a test puts there.
 */
export async function startTestReleaseHost() {
  const files = new Map<string, HostedFile>();
  const server = createServer((request, response) => {
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const answer = () => {
      if (response.destroyed) return;
      response.writeHead(file.status ?? 200, { 'Content-Type': 'application/json' }).end(file.body);
    };
    if (file.delayMs) setTimeout(answer, file.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The folder of release `id` of `area`'s remote, ending in a slash. */
  const folderOf = (area: ReleaseArea, id: string) => `/mfe-${area}/releases/${id}/`;

  return {
    origin,
    /** Puts a file at `path`, replacing what was there. */
    put: (path: string, file: HostedFile) => files.set(path, file),
    remove: (path: string) => files.delete(path),
    folderOf,
    /**
     * Publishes a release of `area` as a build would: its mf-manifest.json (federation name `mfe_<area>`
     * unless `federationName` says otherwise) and its release.json (fields overridable). Answers the
     * manifest's URL.
     */
    publish(
      area: ReleaseArea,
      id: string,
      {
        federationName = `mfe_${area}`,
        description = {},
      }: { federationName?: string; description?: Partial<ReleaseDescription> } = {},
    ): string {
      const folder = folderOf(area, id);
      files.set(`${folder}mf-manifest.json`, { body: JSON.stringify(federationManifest(federationName)) });
      const [version = '1.0.0', commit = 'unknown'] = id.split('+');
      const release: ReleaseDescription = {
        area,
        id,
        version,
        commit,
        contractVersion: '1.0.0',
        builtAt: '2026-03-02T09:30:00.000Z',
        ...description,
      };
      files.set(`${folder}release.json`, { body: JSON.stringify(release) });
      return `${origin}${folder}mf-manifest.json`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestReleaseHost = Awaited<ReturnType<typeof startTestReleaseHost>>;

/** The shape of a remote's mf-manifest.json (mfe-forms/dist), trimmed to one expose and one shared module. */
function federationManifest(name: string) {
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      buildInfo: { buildVersion: '1.0.0', buildName: name.replace('_', '-') },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion: '2.9.2',
    },
    shared: [
      {
        id: `${name}:react`,
        name: 'react',
        version: '19.3.1',
        singleton: true,
        requiredVersion: '^19.3.1',
        assets: { js: { sync: ['assets/react.0a1b2c3d4e.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    remotes: [],
    exposes: [
      {
        id: `${name}:routes`,
        name: 'routes',
        assets: {
          js: { sync: ['assets/__federation_expose_routes.2ec36c3cf3.js'], async: [] },
          css: { sync: [], async: [] },
        },
        path: './routes',
      },
    ],
  };
}
