// @ts-check
export { createHostConfig } from './host-config.mjs';
export { createPageEntryConfig, pagePlaceholders } from './page-entry.mjs';
export { createRemoteConfig } from './remote-config.mjs';
export { createSharedSingletons, singletonPackages } from './shared-singletons.mjs';
