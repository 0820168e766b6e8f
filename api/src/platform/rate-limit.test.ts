import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { createApp } from './app';
import { createLogger } from './logger';
import { retireKeyIndex } from './rate-limit';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

function attemptLogin(ip: string, email: string) {
  return request(app).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({ email, password: 'wrong guess' });
}

describe('rate limits of login', () => {
  it('after 100 attempts from one address in 15 minutes, answers 429 with Retry-After, other addresses still get through', {
    tags: ['reliability'],
  }, async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await attemptLogin('203.0.113.7', `user${attempt}@example.com`)).status).toBe(401);
    }
    const limited = await attemptLogin('203.0.113.7', 'another@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await attemptLogin('203.0.113.8', 'another@example.com')).status).toBe(401);
  });

  it('after 10 attempts on one account from one address, refuses that address for that account only', {
    tags: ['reliability'],
  }, async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await attemptLogin('198.51.100.1', 'Target@Example.com')).status).toBe(401);
    }
    expect((await attemptLogin('198.51.100.1', 'target@example.com')).status).toBe(429);
    // The account is not locked: from elsewhere it is still tried (and its owner signs in).
    expect((await attemptLogin('198.51.100.2', 'target@example.com')).status).toBe(401);
    expect((await attemptLogin('198.51.100.1', 'someone-else@example.com')).status).toBe(401);
  });

  it('believes X-Forwarded-For only from the proxy configured: with none, a client cannot pick its address', {
    tags: ['reliability'],
  }, async () => {
    const direct = createApp({ logger: createLogger({ level: 'silent' }), trustProxy: false });
    const attempt = (ip: string) =>
      request(direct)
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: 'direct@example.com', password: 'wrong guess' });
    for (let index = 0; index < 10; index += 1) {
      expect((await attempt(`192.0.2.${index + 100}`)).status).toBe(401);
    }
    expect((await attempt('192.0.2.250')).status).toBe(429);
  });

  it('counts an IPv6 client by its /64, so it cannot step around a limit by changing its address', {
    tags: ['reliability'],
  }, async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await attemptLogin(`2001:db8:1:2::${attempt.toString(16)}`, 'v6@example.com')).status).toBe(401);
    }
    expect((await attemptLogin('2001:db8:1:2:ffff::1', 'v6@example.com')).status).toBe(429);
    expect((await attemptLogin('2001:db8:1:3::1', 'v6@example.com')).status).toBe(401);
    // An IPv4 address written as IPv6 is that IPv4 address.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await attemptLogin('192.0.2.77', 'mapped@example.com')).status).toBe(401);
    }
    expect((await attemptLogin('::ffff:192.0.2.77', 'mapped@example.com')).status).toBe(429);
  });
});

describe('windows kept from before their key became the _id', () => {
  it('loses the unique index on `key` on start, so windows without the field are stored side by side', async () => {
    const windows = mongoose.connection.collection('ratelimits');
    await windows.createIndex({ key: 1 }, { unique: true });
    await retireKeyIndex();
    await retireKeyIndex();
    expect((await windows.indexes()).map((index) => index.name)).not.toContain('key_1');
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      expect((await attemptLogin(ip, 'fresh@example.com')).status).toBe(401);
    }
  });
});
