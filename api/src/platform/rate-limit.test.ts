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
  it('after 30 attempts from one IP in 15 minutes, answers 429 with Retry-After, other IPs still get through', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
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

  it('after 30 attempts on one account from many IPs, refuses the 31st for that account only', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await attemptLogin(`198.51.100.${attempt}`, 'Target@Example.com')).status).toBe(401);
    }
    expect((await attemptLogin('198.51.100.200', 'target@example.com')).status).toBe(429);
    expect((await attemptLogin('198.51.100.201', 'someone-else@example.com')).status).toBe(401);
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
