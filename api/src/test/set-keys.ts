import { randomBytes } from 'node:crypto';
import { useServerSecret } from '../platform/server-secret';
import { configureTestBilling } from './billing';

declare module 'vitest' {
  // Module augmentation merges only into an interface. Set by global-setup.ts.
  export interface ProvidedContext {
    stripeApiUrl: string;
  }
}

// What the server does at start (platform/server.ts), with a secret of this test run's own, and
// payments in test mode against the run's stripe-mock.
useServerSecret(randomBytes(32));
configureTestBilling();
