export type ReleaseDescription = {
  area: string;
  id: string;
  version: string;
  commit: string;
  contractVersion: string;
  builtAt: string;
  contentHash: string;
  files: string[];
};
export const sharedFilesFolder: string;
export function contentHashOf(directory: string): string;
export function keepRelease(options: {
  distDirectory: string;
  areaReleasesDirectory: string;
  baseUrl: string;
  description: Omit<ReleaseDescription, 'contentHash' | 'files'>;
  contentHash?: string;
}): { directory: string; manifestUrl: string; isNew: boolean; description: ReleaseDescription };
export function findReleaseOfBuild(areaReleasesDirectory: string, contentHash: string): ReleaseDescription | undefined;
export function pruneReleases(options: { areaReleasesDirectory: string; keep: ReadonlySet<string> }): {
  removedReleases: string[];
  removedFiles: number;
  freedBytes: number;
};
