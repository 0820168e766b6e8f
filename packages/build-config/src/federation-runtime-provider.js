// The federation runtime for a remote's own standalone page. A remote built with
// `experiments.externalRuntime` takes the runtime from the global the shell sets
// (`provideExternalRuntime`); on its own origin, without the shell, this script sets it first.
import * as runtimeCore from '@module-federation/runtime-core';

Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeCore });
