import { randomBytes } from 'node:crypto';
import { useServerSecret } from '../platform/server-secret';

// What the server does at start (platform/server.ts), with a secret of this test run's own.
useServerSecret(randomBytes(32));
