import { type ReleaseArea, type ReleaseDescription, releaseDescriptionSchema } from '@formwerk/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';

// A release's files are small (the forms area's manifest is 7 kB); a megabyte leaves room for many
// more exposes and shared modules, and keeps a wrong URL (a large download) from filling the api's memory.
const maxFileBytes = 1024 * 1024;

/** The part of a Module Federation mf-manifest.json the registry checks: whose it is, and that it can be loaded. */
const federationManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1) }) }),
});

const unavailable = (url: URL, problem: string) =>
  new AppError('RELEASE_MANIFEST_UNAVAILABLE', 422, `${url.href} ${problem}`);

/** The federation name of an area's remote (packages/build-config remote-config.mjs). */
const federationNameOf = (area: ReleaseArea) => `mfe_${area}`;

/**
 * Checks that `manifestUrl` answers with the mf-manifest.json of `area`'s remote: RELEASE_MANIFEST_UNAVAILABLE
 * when it does not load (not found, slow, too large, not JSON, not a manifest), RELEASE_AREA_MISMATCH when it
 * is another remote's.
 */
export async function checkManifest(area: ReleaseArea, manifestUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(manifestUrl);
  const manifest = federationManifestSchema.safeParse(await loadJson(url, timeoutMs));
  if (!manifest.success) throw unavailable(url, 'is not a Module Federation manifest (mf-manifest.json)');
  if (manifest.data.name !== federationNameOf(area)) {
    throw new AppError(
      'RELEASE_AREA_MISMATCH',
      422,
      `${url.href} is the manifest of ${manifest.data.name}, not of ${federationNameOf(area)}`,
    );
  }
}

/**
 * The release.json beside the manifest, which must describe release `id` of `area`: RELEASE_AREA_MISMATCH
 * for another area's, RELEASE_MANIFEST_UNAVAILABLE for anything else that is not this release.
 */
export async function loadReleaseDescription(
  { area, id, manifestUrl }: { area: ReleaseArea; id: string; manifestUrl: string },
  timeoutMs: number,
): Promise<ReleaseDescription> {
  const url = new URL('release.json', manifestUrl);
  const description = releaseDescriptionSchema.safeParse(await loadJson(url, timeoutMs));
  if (!description.success) throw unavailable(url, 'is not a release description (release.json)');
  if (description.data.area !== area) {
    throw new AppError('RELEASE_AREA_MISMATCH', 422, `${url.href} describes a release of ${description.data.area}`);
  }
  if (description.data.id !== id) throw unavailable(url, `describes release ${description.data.id}, not ${id}`);
  return description.data;
}

/**
 * The JSON at `url`. Node's fetch follows redirects to http(s) addresses only (any other scheme fails
 * the request), and no cookie or credential of the api goes with it.
 */
async function loadJson(url: URL, timeoutMs: number): Promise<unknown> {
  let text: string;
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw unavailable(url, `answered ${response.status}`);
    }
    text = await readText(response.body, url);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw unavailable(url, isTimeout ? `did not load within ${timeoutMs / 1000} s` : 'did not load');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw unavailable(url, 'is not JSON');
  }
}

/** The body as text, given up as soon as it passes `maxFileBytes` (whatever its Content-Length said). */
async function readText(body: ReadableStream<Uint8Array>, url: URL): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxFileBytes) {
      await reader.cancel();
      throw unavailable(url, `is larger than ${maxFileBytes / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
