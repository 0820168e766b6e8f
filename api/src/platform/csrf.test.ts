import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { createApp } from './app';
import { createLogger } from './logger';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const credentials = { email: 'nobody@example.com', password: 'whatever it is' };

describe('cross-site request protection', () => {
  it('refuses a state-changing request the browser marks as cross-site', async () => {
    const response = await request(app)
      .post('/api/v1/auth/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(credentials)
      .expect(403);
    expect(response.body.error.code).toBe('CSRF_REJECTED');
  });

  it('refuses a foreign or opaque Origin', async () => {
    await request(app).post('/api/v1/auth/logout').set('Origin', 'https://evil.example').expect(403);
    await request(app).post('/api/v1/auth/logout').set('Origin', 'null').expect(403);
  });

  it('lets same-origin requests and reads through', async () => {
    await request(app).post('/api/v1/auth/logout').set('Sec-Fetch-Site', 'same-origin').expect(204);
    const host = '127.0.0.1:4000';
    await request(app).post('/api/v1/auth/logout').set('Host', host).set('Origin', `http://${host}`).expect(204);
    // A read that asks nothing of the database: what is measured is the protection, not the database.
    await request(app).get('/api/v1/auth/providers').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });
});
