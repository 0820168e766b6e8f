import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export type { Logger };

// Session cookies, CSRF tokens and credentials must never reach the logs.
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

export function createLogger({ level }: { level: LevelWithSilent }, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } }, destination);
}
