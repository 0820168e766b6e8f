import { registerRemotes } from '@module-federation/enhanced/runtime';

export type Registry = { remotes: Record<string, string> };

let registeredRegistry: string | undefined;

export async function fetchRegistry(): Promise<Registry> {
  const response = await fetch('/registry.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  return (await response.json()) as Registry;
}

/** Registers every remote of the registry with the federation runtime, before anything renders. */
export function registerRegistry(registry: Registry): void {
  registeredRegistry = JSON.stringify(registry);
  registerRemotes(Object.entries(registry.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Registers one remote again, dropping what the runtime cached of a failed load. */
export function reRegisterRemote(name: string): void {
  const entry = registeredRegistry ? (JSON.parse(registeredRegistry) as Registry).remotes[name] : undefined;
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

export function hasRegistryChanged(registry: Registry): boolean {
  return registeredRegistry !== undefined && registeredRegistry !== JSON.stringify(registry);
}
