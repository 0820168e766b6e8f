import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const secretBytes = 32;

/**
 * The secret the api's keys are derived from: `SERVER_SECRET` when set (every instance of one site
 * sets the same), else the file at `secretFile`, made with a random secret on the first start and
 * readable by its owner only. A key is never a constant in the code, so one site's tokens say nothing
 * about another's.
 */
export async function loadServerSecret({
  serverSecret,
  secretFile,
}: {
  serverSecret: string | undefined;
  secretFile: string;
}): Promise<Buffer> {
  if (serverSecret !== undefined) return Buffer.from(serverSecret, 'utf8');
  const stored = await readSecretFile(secretFile);
  if (stored) return stored;
  await mkdir(dirname(secretFile), { recursive: true });
  // Created exclusively: when two instances start at once on one data folder, both use the first one's.
  await writeFile(secretFile, `${randomBytes(secretBytes).toString('hex')}\n`, { flag: 'wx', mode: 0o600 }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  const made = await readSecretFile(secretFile);
  if (!made) throw new Error(`The server secret in ${secretFile} is empty`);
  return made;
}

async function readSecretFile(secretFile: string): Promise<Buffer | null> {
  try {
    const text = (await readFile(secretFile, 'utf8')).trim();
    return text === '' ? null : Buffer.from(text, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A key of its own for each use (`purpose`), so no two uses ever share one (HKDF, RFC 5869). */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `formwerk ${purpose}`, secretBytes));
}

let serverSecret: Buffer | undefined;
const keys = new Map<string, Buffer>();

/** Set once at start (platform/server.ts); tests set a random one (test/set-keys.ts). */
export function useServerSecret(secret: Buffer): void {
  serverSecret = secret;
  keys.clear();
}

/** The key for `purpose`, derived from the server secret set at start. */
export function keyFor(purpose: string): Buffer {
  if (!serverSecret) throw new Error('The server secret is not set: call useServerSecret at start');
  let key = keys.get(purpose);
  if (!key) {
    key = deriveKey(serverSecret, purpose);
    keys.set(purpose, key);
  }
  return key;
}

/** `value` signed (HMAC-SHA256, base64url) under the key for `purpose`. */
export function signatureOf(purpose: string, value: string): string {
  return createHmac('sha256', keyFor(purpose)).update(value).digest('base64url');
}

/** Whether `signature` is the one `signatureOf(purpose, value)` gives, compared in constant time. */
export function isSignatureOf(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(purpose, value));
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
