import { createHash } from 'node:crypto';
import type { ReleaseToken } from '../../platform/config';

export type ReleaseRegistrySettings = {
  /** PLATFORM_OPERATOR_EMAILS: signed-in users who operate the releases. */
  operatorEmails: string[];
  /** RELEASE_TOKENS: deploy tokens, each acting as `token:<name>`. */
  tokens: ReleaseToken[];
  /** How long loading a release's manifest or release.json may take before it counts as unavailable. */
  fileTimeoutMs?: number;
};

export type ConfiguredReleaseRegistry = {
  operatorEmails: ReadonlySet<string>;
  /** Only the tokens' SHA-256 is kept: what a request sends is hashed and compared in constant time. */
  tokens: readonly { name: string; digest: Buffer }[];
  fileTimeoutMs: number;
};

// A static host answers in milliseconds; five seconds is for a busy CDN, while the operator waits.
const defaultFileTimeoutMs = 5_000;

export const digestOfToken = (token: string): Buffer => createHash('sha256').update(token).digest();

// Until configured (platform/server.ts at start), nobody operates releases.
let configured: ConfiguredReleaseRegistry = {
  operatorEmails: new Set(),
  tokens: [],
  fileTimeoutMs: defaultFileTimeoutMs,
};

/** Set up at start from the config. */
export function configureReleaseRegistry(settings: ReleaseRegistrySettings): void {
  configured = {
    operatorEmails: new Set(settings.operatorEmails.map((email) => email.toLowerCase())),
    tokens: settings.tokens.map(({ name, token }) => ({ name, digest: digestOfToken(token) })),
    fileTimeoutMs: settings.fileTimeoutMs ?? defaultFileTimeoutMs,
  };
}

export function releaseRegistrySettings(): ConfiguredReleaseRegistry {
  return configured;
}
