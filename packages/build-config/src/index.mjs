// @ts-check
export { createHostConfig } from './host-config.mjs';
export { createPageEntryConfig } from './page-entry.mjs';
export { pagePlaceholders } from './page-placeholders.mjs';
export { createRemoteConfigs } from './remote-config.mjs';
export { createSharedSingletons, singletonPackages } from './shared-singletons.mjs';
export { createStaticPagesConfigs, siteOperatorDefinition } from './static-pages.mjs';
