import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core';
import { z } from 'zod';
import { ConfigError } from '../../../platform/config';

type Pkcs12Source = { path: string } | { bytes: Uint8Array };

/**
 * Where the seal's key and certificate come from (a PKCS#12, or, without one, a throw-away CA), and the
 * RFC 3161 timestamp authority that makes a seal PAdES B-T (none: B-B).
 */
export type SigningConfig = {
  pkcs12: (Pkcs12Source & { password: string }) | null;
  timestampAuthorityUrl: string | null;
};

/** A signer for sealPdf, with its certificate, and the throw-away CA's when there is one. */
export type SigningIdentity = {
  signer: Signer;
  certificatePem: string;
  /** The CA that issued a throw-away certificate (tests verify the chain against it); null for a PKCS#12. */
  caCertificatePem: string | null;
};

const environmentSchema = z
  .object({
    /** A PKCS#12 file (.p12, .pfx) with the seal's private key, its certificate and chain. */
    SIGNING_P12_PATH: z.string().min(1).optional(),
    /** The same file as base64, for hosts that pass secrets as variables; line breaks are ignored. */
    SIGNING_P12_BASE64: z
      .string()
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.base64({ error: 'must be the PKCS#12 file in base64' }).min(1, { error: 'must not be empty' }))
      .optional(),
    /** The PKCS#12's password; required with it, and may be empty. */
    SIGNING_P12_PASSWORD: z.string().optional(),
    /** An RFC 3161 timestamp authority (http or https): every seal then carries its timestamp. */
    SIGNING_TSA_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  })
  .superRefine((environment, context) => {
    const hasPath = environment.SIGNING_P12_PATH !== undefined;
    const hasBase64 = environment.SIGNING_P12_BASE64 !== undefined;
    if (hasPath && hasBase64) {
      context.addIssue({
        code: 'custom',
        path: ['SIGNING_P12_BASE64'],
        message: 'must not be set together with SIGNING_P12_PATH',
      });
    }
    if ((hasPath || hasBase64) && environment.SIGNING_P12_PASSWORD === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['SIGNING_P12_PASSWORD'],
        message: 'is required with a PKCS#12 (set it empty for a file without a password)',
      });
    }
  });

/**
 * The signing configuration from the environment: SIGNING_P12_PATH or SIGNING_P12_BASE64, with
 * SIGNING_P12_PASSWORD, and SIGNING_TSA_URL. Neither PKCS#12 set means a throw-away CA (development and
 * tests). The only place the
 * sealing code reads the environment; an invalid one throws a ConfigError naming each problem.
 */
export function signingConfigFromEnv(environment: Record<string, string | undefined> = process.env): SigningConfig {
  const result = environmentSchema.safeParse(environment);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`The signing identity cannot be loaded, its environment is invalid:\n${problems.join('\n')}`);
  }
  const {
    SIGNING_P12_PATH: path,
    SIGNING_P12_BASE64: base64,
    SIGNING_P12_PASSWORD: password = '',
    SIGNING_TSA_URL: timestampAuthorityUrl = null,
  } = result.data;
  if (path !== undefined) return { pkcs12: { path, password }, timestampAuthorityUrl };
  if (base64 !== undefined)
    return { pkcs12: { bytes: Buffer.from(base64, 'base64'), password }, timestampAuthorityUrl };
  return { pkcs12: null, timestampAuthorityUrl };
}

async function loadPkcs12(source: Pkcs12Source & { password: string }): Promise<SigningIdentity> {
  const name = 'path' in source ? `PKCS#12 ${source.path}` : 'PKCS#12';
  const bytes = 'path' in source ? await readFile(source.path) : source.bytes;
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(bytes, source.password);
  } catch (error) {
    throw new Error(`The ${name} cannot be opened (wrong password or not a PKCS#12)`, { cause: error });
  }
  const certificate = new X509Certificate(signer.certificate);
  // Sealing with an expired certificate makes every new seal invalid at once: refused before it starts.
  if (certificate.validToDate.getTime() < Date.now()) {
    throw new Error(
      `The certificate in the ${name} (${certificate.subject}) expired on ${certificate.validToDate.toISOString()}`,
    );
  }
  return { signer, certificatePem: certificate.toString(), caCertificatePem: null };
}

const day = 24 * 60 * 60 * 1000;

/**
 * A CA and a seal certificate it issued, both made in memory with WebCrypto, valid for a year. ECDSA
 * P-256: pdfsig and OpenSSL verify it, and its keys take milliseconds to make where RSA's take
 * a noticeable part of a test run. The CA's private key is not kept once the seal certificate is
 * issued, so nothing else can be issued in its name; no key is extractable.
 */
async function createThrowawayIdentity(): Promise<SigningIdentity> {
  // @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API
  // (the library's README: "Reflect polyfill required"); loaded here only, where a certificate is made.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  const { crypto } = globalThis;
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  // A few minutes in the past, so a verifier whose clock is slightly behind still accepts it.
  const notBefore = new Date(Date.now() - 5 * 60 * 1000);
  const notAfter = new Date(notBefore.getTime() + 366 * day);
  const caKeys = await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: 'CN=Formwerk development CA, O=Formwerk',
      keys: caKeys,
      notBefore,
      notAfter,
      signingAlgorithm: algorithm,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const sealKeys = await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.create(
    {
      subject: 'CN=Formwerk development seal, O=Formwerk',
      issuer: ca.subject,
      publicKey: sealKeys.publicKey,
      signingKey: caKeys.privateKey,
      notBefore,
      notAfter,
      signingAlgorithm: algorithm,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
        await x509.SubjectKeyIdentifierExtension.create(sealKeys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(ca, false, crypto),
      ],
    },
    crypto,
  );
  const signer = new CryptoKeySigner(sealKeys.privateKey, new Uint8Array(certificate.rawData), 'EC', 'ECDSA', [
    new Uint8Array(ca.rawData),
  ]);
  return { signer, certificatePem: certificate.toString('pem'), caCertificatePem: ca.toString('pem') };
}

/** The identity `config` names, loaded (or, without a PKCS#12, made) anew; for a team's own certificate too. */
export function loadSigningIdentity(config: Pick<SigningConfig, 'pkcs12'>): Promise<SigningIdentity> {
  return config.pkcs12 ? loadPkcs12(config.pkcs12) : createThrowawayIdentity();
}

let platformIdentity: Promise<SigningIdentity> | undefined;

/**
 * The platform's identity, from the environment, loaded once per process and shared by every seal (a
 * throw-away CA made per seal would make every document's chain different). Calling it at start fails
 * fast on a bad configuration; a failed load is tried again on the next call.
 */
export function platformSigningIdentity(): Promise<SigningIdentity> {
  platformIdentity ??= (async () => loadSigningIdentity(signingConfigFromEnv()))().catch((error: unknown) => {
    platformIdentity = undefined;
    throw error;
  });
  return platformIdentity;
}
