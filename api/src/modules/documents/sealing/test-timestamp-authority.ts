import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from './sealing-test-helpers';

/** An RFC 3161 timestamp authority of the tests, on 127.0.0.1; `stop` ends it and removes its files. */
export type TestTimestampAuthority = { url: string; caPem: string; stop: () => Promise<void> };

async function openssl(args: string[]): Promise<void> {
  const { exitCode, output } = await runTool('/usr/bin/openssl', args);
  if (exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${output}`);
}

/**
 * A real timestamp authority for the tests: a CA and a certificate for time stamping made by Debian's
 * OpenSSL, and an HTTP server that answers each query (application/timestamp-query) with `openssl ts
 * -reply`, as a public authority would. Nothing leaves the machine.
 */
export async function startTestTimestampAuthority(): Promise<TestTimestampAuthority> {
  const dir = await mkdtemp(join(tmpdir(), 'formwerk-tsa-'));
  const at = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Formwerk test TSA CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await openssl(['req', ...ec, '-keyout', at('tsa.key'), '-out', at('tsa.csr'), '-subj', '/CN=Formwerk test TSA']);
  await writeFile(at('tsa.ext'), 'extendedKeyUsage=critical,timeStamping\nkeyUsage=critical,digitalSignature\n');
  await openssl([
    'x509',
    '-req',
    '-in',
    at('tsa.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('tsa.pem'),
    '-days',
    '2',
    '-extfile',
    at('tsa.ext'),
  ]);
  await writeFile(at('serial'), '01\n');
  await writeFile(
    at('tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `serial = ${at('serial')}`,
      `signer_cert = ${at('tsa.pem')}`,
      `certs = ${at('ca.pem')}`,
      `signer_key = ${at('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ess_cert_id_alg = sha256',
    ].join('\n'),
  );

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const name = randomUUID();
    try {
      await writeFile(at(`${name}.tsq`), Buffer.concat(chunks));
      await openssl([
        'ts',
        '-reply',
        '-config',
        at('tsa.cnf'),
        '-queryfile',
        at(`${name}.tsq`),
        '-out',
        at(`${name}.tsr`),
      ]);
      response.writeHead(200, { 'Content-Type': 'application/timestamp-reply' });
      response.end(await readFile(at(`${name}.tsr`)));
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The test timestamp authority has no port');
  return {
    url: `http://127.0.0.1:${address.port}/tsr`,
    caPem: await readFile(at('ca.pem'), 'utf8'),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
