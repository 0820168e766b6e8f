import { X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../platform/config';
import { sealPdf } from './seal-pdf';
import {
  checkWithPdfsig,
  makeSamplePdf,
  runTool,
  useScratchDirectory,
  verifyWithOpenssl,
} from './sealing-test-helpers';
import { loadSigningIdentity, platformSigningIdentity, signingConfigFromEnv } from './signing-identity';

const scratch = useScratchDirectory();
const year = 365 * 24 * 60 * 60 * 1000;

/** A PKCS#12 as OpenSSL 3 writes one (AES-256, PBKDF2) of a key and certificate in PEM files. */
async function exportPkcs12(keyFile: string, certificateFile: string, name: string): Promise<string> {
  const p12File = join(scratch(), name);
  const exported = await runTool('/usr/bin/openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    keyFile,
    '-in',
    certificateFile,
    '-out',
    p12File,
    '-passout',
    'pass:geheim',
  ]);
  expect(exported.exitCode).toBe(0);
  return p12File;
}

/** A team's PKCS#12: a self-signed P-256 certificate and its key, made by OpenSSL. */
let p12Path: string;
let certificatePem: string;

beforeAll(async () => {
  const key = join(scratch(), 'team.key');
  const certificate = join(scratch(), 'team.pem');
  const made = await runTool('/usr/bin/openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Team seal/O=Beispiel GmbH',
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  expect(made.exitCode).toBe(0);
  p12Path = await exportPkcs12(key, certificate, 'team.p12');
  certificatePem = await readFile(certificate, 'utf8');
});

const sampleCertificate = {
  documentTitle: 'Vertrag',
  reference: 'DOC-1',
  sender: { name: 'Max Muster', email: 'max@example.com' },
  recipients: [],
};

describe('signingConfigFromEnv', () => {
  it('without a PKCS#12, asks for the throw-away CA', () => {
    expect(signingConfigFromEnv({})).toEqual({ pkcs12: null, timestampAuthorityUrl: null });
  });

  it('reads a PKCS#12 by path, or as base64 whose line breaks are ignored', () => {
    expect(signingConfigFromEnv({ SIGNING_P12_PATH: '/etc/seal.p12', SIGNING_P12_PASSWORD: '' })).toEqual({
      pkcs12: { path: '/etc/seal.p12', password: '' },
      timestampAuthorityUrl: null,
    });
    const config = signingConfigFromEnv({ SIGNING_P12_BASE64: 'AAEC\nAwQF', SIGNING_P12_PASSWORD: 'geheim' });
    expect(config).toEqual({
      pkcs12: { bytes: Buffer.from([0, 1, 2, 3, 4, 5]), password: 'geheim' },
      timestampAuthorityUrl: null,
    });
  });

  it('reads the timestamp authority that makes every seal B-T', () => {
    expect(signingConfigFromEnv({ SIGNING_TSA_URL: 'https://tsa.example/tsr' }).timestampAuthorityUrl).toBe(
      'https://tsa.example/tsr',
    );
  });

  it.each([
    [{ SIGNING_P12_PATH: '/a.p12', SIGNING_P12_BASE64: 'AAEC', SIGNING_P12_PASSWORD: 'x' }, 'SIGNING_P12_BASE64'],
    [{ SIGNING_P12_PATH: '/a.p12' }, 'SIGNING_P12_PASSWORD is required'],
    [{ SIGNING_P12_BASE64: 'not base64!', SIGNING_P12_PASSWORD: 'x' }, 'SIGNING_P12_BASE64 must be'],
    [{ SIGNING_TSA_URL: 'ftp://tsa.example' }, 'SIGNING_TSA_URL must be an http(s) address'],
  ])('refuses %o, naming the problem', (environment, problem) => {
    expect(() => signingConfigFromEnv(environment)).toThrow(ConfigError);
    expect(() => signingConfigFromEnv(environment)).toThrow(problem);
  });
});

describe('loadSigningIdentity', () => {
  it('signs with a PKCS#12 from configuration, given by path or as base64', async () => {
    const byPath = await loadSigningIdentity({ pkcs12: { path: p12Path, password: 'geheim' } });
    const bytes = await readFile(p12Path);
    const byBase64 = await loadSigningIdentity(
      signingConfigFromEnv({ SIGNING_P12_BASE64: bytes.toString('base64'), SIGNING_P12_PASSWORD: 'geheim' }),
    );
    expect(byPath.caCertificatePem).toBeNull();
    expect(byBase64.certificatePem).toBe(byPath.certificatePem);
    const sealed = await sealPdf({
      pdf: await makeSamplePdf(),
      fields: [],
      certificate: sampleCertificate,
      identity: byPath,
    });
    const { signatures } = await checkWithPdfsig(scratch(), sealed.pdf);
    expect(signatures.map(({ validation, signer }) => ({ validation, signer }))).toEqual([
      { validation: 'Signature is Valid.', signer: 'Team seal' },
    ]);
    expect((await verifyWithOpenssl(scratch(), sealed.pdf, certificatePem)).exitCode).toBe(0);
  });

  it('with a wrong password, says the PKCS#12 cannot be opened', async () => {
    await expect(loadSigningIdentity({ pkcs12: { path: p12Path, password: 'falsch' } })).rejects.toThrow(
      `The PKCS#12 ${p12Path} cannot be opened`,
    );
  });

  it('refuses a PKCS#12 whose certificate has expired', async () => {
    // OpenSSL 3.0 cannot date a certificate back; @peculiar/x509 can.
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
    const expired = await x509.X509CertificateGenerator.createSelfSigned(
      {
        name: 'CN=Old seal',
        keys,
        notBefore: new Date('2024-01-01T00:00:00Z'),
        notAfter: new Date('2025-01-01T00:00:00Z'),
        signingAlgorithm: algorithm,
      },
      crypto,
    );
    const keyFile = join(scratch(), 'old.key');
    const certificateFile = join(scratch(), 'old.pem');
    await writeFile(
      keyFile,
      x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'),
    );
    await writeFile(certificateFile, expired.toString('pem'));
    const path = await exportPkcs12(keyFile, certificateFile, 'old.p12');
    await expect(loadSigningIdentity({ pkcs12: { path, password: 'geheim' } })).rejects.toThrow(
      'expired on 2025-01-01T00:00:00.000Z',
    );
  });

  it('without a PKCS#12, makes a CA and a seal certificate for digital signatures it issued, valid for a year', async () => {
    const identity = await loadSigningIdentity({ pkcs12: null });
    const ca = new X509Certificate(identity.caCertificatePem ?? '');
    const seal = new X509Certificate(identity.certificatePem);
    expect(ca.ca).toBe(true);
    expect(seal.ca).toBe(false);
    expect(seal.subject).toContain('CN=Formwerk development seal');
    expect(seal.checkIssued(ca)).toBe(true);
    expect(seal.verify(ca.publicKey)).toBe(true);
    const validity = seal.validToDate.getTime() - seal.validFromDate.getTime();
    expect(validity).toBeGreaterThan(year);
    expect(validity).toBeLessThan(year + 7 * 24 * 60 * 60 * 1000);
    const sealFile = join(scratch(), 'seal.pem');
    await writeFile(sealFile, identity.certificatePem);
    const usage = await runTool('/usr/bin/openssl', ['x509', '-noout', '-ext', 'keyUsage', '-in', sealFile]);
    expect(usage.output).toContain('Digital Signature, Non Repudiation');
  });
});

describe('platformSigningIdentity', () => {
  it('is made once per process and shared', async () => {
    const first = await platformSigningIdentity();
    expect(await platformSigningIdentity()).toBe(first);
  });
});
