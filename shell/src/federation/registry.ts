import { registerRemotes } from '@module-federation/enhanced/runtime';

export type Registry = { remotes: Record<string, string> };

let registered: Registry | undefined;

/**
 * The registry the server chose for this page load (the live releases, or this session's canary),
 * written into the page; fetched when the page lacks it.
 */
export async function readPageRegistry(): Promise<Registry> {
  const content = document.querySelector('meta[name="remote-registry"]')?.getAttribute('content');
  return content ? { remotes: JSON.parse(content) as Registry['remotes'] } : fetchRegistry();
}

export async function fetchRegistry(): Promise<Registry> {
  const response = await fetch('/registry.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  return (await response.json()) as Registry;
}

/** Registers every remote of the registry with the federation runtime, before anything renders. */
export function registerRegistry(registry: Registry): void {
  registered = registry;
  registerRemotes(Object.entries(registry.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Registers one remote again, dropping what the runtime cached of a failed load. */
export function reRegisterRemote(name: string): void {
  const entry = registered?.remotes[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

export function hasRegistryChanged(registry: Registry): boolean {
  return registered !== undefined && JSON.stringify(registered) !== JSON.stringify(registry);
}
