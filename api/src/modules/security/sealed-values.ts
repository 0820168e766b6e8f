import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyFor } from '../../platform/server-secret';

const algorithm = 'aes-256-gcm';
const ivBytes = 12;
// Fixed, so a shortened tag (GCM allows 4 to 16 bytes) is refused instead of checked with less strength.
const authTagLength = 16;

/**
 * `text` encrypted and authenticated (AES-256-GCM) under a key derived from the server secret for
 * `purpose`, which is also bound in as additional data: a value sealed for one use never opens for
 * another. For secrets the api must read back (an authenticator app's secret) and for what a cookie
 * carries that the browser must neither read nor change (a sign-in under way).
 */
export function sealValue(purpose: string, text: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, keyFor(`sealed ${purpose}`), iv, { authTagLength });
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The text sealed by `sealValue` for `purpose`; null for anything else (changed, foreign, malformed). */
export function openSealedValue(purpose: string, sealed: string): string | null {
  const [iv = '', tag = '', body = ''] = sealed.split('.');
  try {
    const decipher = createDecipheriv(algorithm, keyFor(`sealed ${purpose}`), Buffer.from(iv, 'base64url'), {
      authTagLength,
    });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
