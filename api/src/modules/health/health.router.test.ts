import { healthResponseSchema } from '@formwerk/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { disconnectDatabase } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';

const database = useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

describe('GET /api/v1/health', () => {
  it('when the database answers, answers 200 with database up and its latency', async () => {
    const response = await request(app).get('/api/v1/health').expect(200);

    expect(healthResponseSchema.parse(response.body)).toEqual({
      status: 'ok',
      database: { status: 'up', latencyMs: expect.any(Number) },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('when the database went away, answers 503 with database down and why, and every other request a fast 503', {
    tags: ['reliability'],
  }, async () => {
    await disconnectDatabase();
    try {
      const response = await request(app).get('/api/v1/health').expect(503);

      expect(healthResponseSchema.parse(response.body)).toEqual({
        status: 'unavailable',
        database: { status: 'down', reason: 'disconnected' },
      });
      const refused = await request(app).get('/api/v1/forms').expect(503);
      expect(refused.body.error.code).toBe('DATABASE_UNAVAILABLE');
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      await database.connect();
    }
  });
});
