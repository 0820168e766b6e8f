import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote that accepts connections but never answers counts as down after this long. */
export const remoteTimeoutMs = 5000;

// The federation runtime has no timeout of its own for the manifest fetch and waits 20 s for scripts.
const timeoutPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'formwerk-remote-timeout',
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(remoteTimeoutMs) }),
  createScript: () => ({ timeout: remoteTimeoutMs }),
});

export default timeoutPlugin;
