// @ts-check
export { createHostConfig } from './host-config.mjs';
export { createRemoteConfig } from './remote-config.mjs';
export { createSharedSingletons, singletonPackages } from './shared-singletons.mjs';
