import { randomBytes } from 'node:crypto';
import { useCsrfKey } from '../modules/sessions/csrf-token';

// What the server does at start from its secret (platform/server.ts), with a key of this test run's own.
useCsrfKey(randomBytes(32));
