/**
 * The version of the contract between the shell and its remotes: what `@formwerk/platform` exports and
 * what an area module (`./routes`) must be. It is the package's own version (a test holds them equal).
 * Bump the major for a change a remote built before cannot work with (a removed or changed export, a
 * new required field of AreaModule), the minor for an addition.
 *
 * Imported by its own subpath, `@formwerk/platform/contract`, which federation does not share: each
 * build keeps the version it was built with, while the rest of the platform is the shell's at run time.
 */
export const platformContractVersion = '1.0.0';

const majorOf = (version: string): number => Number(version.split('.')[0]);

/**
 * Whether an area built against `areaVersion` works in a shell of `shellVersion`: the same major. A
 * remote of an older minor uses less than the shell has; one of a newer minor may feature-check
 * what it uses beyond it.
 */
export function isContractCompatible(areaVersion: string, shellVersion: string = platformContractVersion): boolean {
  return /^\d+\.\d+\.\d+/.test(areaVersion) && majorOf(areaVersion) === majorOf(shellVersion);
}
