import { type DestinationStream, type Logger, pino } from 'pino';

// The shell logs the api requests it passes on: their session cookies, CSRF tokens and credentials
// must never reach the logs (the api's own logger hides the same).
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

export function createShellLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } }, destination);
}
