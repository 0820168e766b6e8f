import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveKey, loadServerSecret } from './server-secret';

const folder = await mkdtemp(join(tmpdir(), 'formwerk-secret-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the server secret', () => {
  it('is made once into its file, readable by its owner only, and read from there afterwards', {
    tags: ['reliability'],
  }, async () => {
    const secretFile = join(folder, 'nested', 'server-secret');
    const [first, second] = await Promise.all([
      loadServerSecret({ serverSecret: undefined, secretFile }),
      loadServerSecret({ serverSecret: undefined, secretFile }),
    ]);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect((await readFile(secretFile, 'utf8')).trim()).toBe(first.toString('hex'));
    expect((await loadServerSecret({ serverSecret: undefined, secretFile })).equals(first)).toBe(true);
  });

  it('is SERVER_SECRET when that is set, and no file is made', async () => {
    const secretFile = join(folder, 'unused');
    const secret = await loadServerSecret({ serverSecret: 'x'.repeat(40), secretFile });
    expect(secret.toString()).toBe('x'.repeat(40));
    await expect(stat(secretFile)).rejects.toThrow();
  });

  it('gives each purpose a key of its own, and another secret other keys', () => {
    const secret = Buffer.alloc(32, 1);
    expect(deriveKey(secret, 'csrf token').equals(deriveKey(secret, 'csrf token'))).toBe(true);
    expect(deriveKey(secret, 'csrf token').equals(deriveKey(secret, 'start token'))).toBe(false);
    expect(deriveKey(Buffer.alloc(32, 2), 'csrf token').equals(deriveKey(secret, 'csrf token'))).toBe(false);
  });
});
