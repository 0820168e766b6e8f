import { errorBodySchema, validationDetailsSchema } from '@formwerk/contracts';
import { Router } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from './app';
import { AppError } from './errors';
import { createLogger } from './logger';

const failingRouter = Router();
failingRouter.post('/greetings', (request, response) => {
  const { name } = z.object({ name: z.string().min(1) }).parse(request.body);
  response.json({ greeting: `Hello ${name}` });
});
failingRouter.get('/forms/:id', (request) => {
  throw new AppError('NOT_FOUND', 404, `No form ${request.params.id}`, { id: request.params.id });
});
failingRouter.get('/crash', async () => {
  throw new Error('secret connection string mongodb://admin:hunter2@db');
});

function createTestApp() {
  const logLines: string[] = [];
  const logger = createLogger({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  return { app: createApp({ logger, routers: [failingRouter], refusesWithoutDatabase: false }), logLines };
}

describe('error responses', () => {
  it('when no route matches, answers 404 NOT_FOUND in the contract body', async () => {
    const response = await request(createTestApp().app).get('/api/v1/no-such-thing').expect(404);

    expect(errorBodySchema.parse(response.body)).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/no-such-thing' },
    });
  });

  it('when the body is malformed JSON, answers 400 INVALID_JSON', async () => {
    const response = await request(createTestApp().app)
      .post('/api/v1/greetings')
      .set('Content-Type', 'application/json')
      .send('{"name": "Ada"')
      .expect(400);

    expect(errorBodySchema.parse(response.body).error.code).toBe('INVALID_JSON');
  });

  it('when the body is larger than the limit, answers 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await request(createTestApp().app)
      .post('/api/v1/greetings')
      .send({ name: 'x'.repeat(1024 * 1024) })
      .expect(413);

    expect(errorBodySchema.parse(response.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when the body comes in an encoding the api does not read, answers 415 UNSUPPORTED_ENCODING', {
    tags: ['reliability'],
  }, async () => {
    for (const [header, value] of [
      ['Content-Encoding', 'bogus'],
      ['Content-Type', 'application/json; charset=klingon'],
    ]) {
      const response = await request(createTestApp().app)
        .post('/api/v1/greetings')
        .set('Content-Type', 'application/json')
        .set(header as string, value as string)
        .send('{"name": "Ada"}')
        .expect(415);
      expect(errorBodySchema.parse(response.body).error.code).toBe('UNSUPPORTED_ENCODING');
    }
  });

  it('when a compressed body is not what its encoding says, answers 400 BAD_REQUEST', {
    tags: ['reliability'],
  }, async () => {
    const response = await request(createTestApp().app)
      .post('/api/v1/greetings')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{"name": "Ada"}')
      .expect(400);
    expect(errorBodySchema.parse(response.body).error.code).toBe('BAD_REQUEST');
  });

  it('when the body does not match the contract, answers 400 VALIDATION_FAILED with the issues', async () => {
    const response = await request(createTestApp().app).post('/api/v1/greetings').send({ name: 42 }).expect(400);

    const { error } = errorBodySchema.parse(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(validationDetailsSchema.parse(error.details).issues).toEqual([
      { path: ['name'], code: 'invalid_type', message: expect.any(String) },
    ]);
  });

  it('when a service throws an AppError, answers with its status, code, message and details', async () => {
    const response = await request(createTestApp().app).get('/api/v1/forms/7').expect(404);

    expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No form 7', details: { id: '7' } } });
  });

  it('when a route rejects unexpectedly, answers 500 INTERNAL without internals and logs the error', async () => {
    const { app, logLines } = createTestApp();

    const response = await request(app).get('/api/v1/crash').expect(500);

    expect(response.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expect(response.text).not.toContain('hunter2');
    expect(response.text).not.toContain('at ');
    await vi.waitFor(() => {
      const entry = logLines.map((line) => JSON.parse(line)).find((logEntry) => logEntry.err);
      expect(entry).toMatchObject({ level: 50, err: { message: expect.stringContaining('secret connection') } });
      expect(entry.err.stack).toContain('errors.test.ts');
    });
  });

  it('when the request carries cookies, a CSRF token or credentials, keeps them out of the log', async () => {
    const { app, logLines } = createTestApp();

    await request(app)
      .get('/api/v1/crash')
      .set('Cookie', 'token=session-secret')
      .set('X-CSRF-Token', 'csrf-secret')
      .set('Authorization', 'Bearer bearer-secret')
      .expect(500);

    await vi.waitFor(() => expect(logLines.join('')).toContain('[redacted]'));
    for (const secret of ['session-secret', 'csrf-secret', 'bearer-secret']) {
      expect(logLines.join('')).not.toContain(secret);
    }
  });
});
