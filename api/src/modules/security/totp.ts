import type { TwoFactorSetup } from '@formwerk/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// RFC 6238 as every authenticator app reads an otpauth:// address without further parameters: SHA-1,
// six digits, 30-second steps. The issuer names the entry in the app.
const issuer = 'Formwerk';
const periodSeconds = 30;
// One step either side (RFC 6238 §5.2): a code typed as it changed, or a phone's clock a little off.
const toleranceSeconds = periodSeconds;

/** A new secret: 160 random bits in Base32 (RFC 4226's recommended length). */
export function createTotpSecret(): string {
  return generateSecret();
}

/** What an app needs to take the secret: the otpauth:// address, as a QR code too, and the secret to type in. */
export async function describeTotpSecret(secret: string, accountName: string): Promise<TwoFactorSetup> {
  const otpauthUrl = generateURI({ issuer, label: accountName, secret });
  // The same library and settings as the forms' share page: medium error correction, a small quiet zone.
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}

/**
 * The time step of `code` when it is the secret's code of the current step or one beside it, and of a
 * step after `afterStep` (the last one used: a code is good once, RFC 6238 §5.2); null otherwise.
 */
export async function matchTotpCode(
  secret: string,
  code: string,
  { afterStep, now = Date.now() }: { afterStep: number; now?: number },
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  // Every step up to the latest one accepted is used already (the library refuses such a bound).
  if (afterStep >= Math.floor((epoch + toleranceSeconds) / periodSeconds)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: toleranceSeconds,
    afterTimeStep: afterStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
