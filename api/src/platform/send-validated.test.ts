import { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './app';
import { createLogger } from './logger';
import { sendValidated } from './send-validated';

const userSchema = z.object({ name: z.string() });

const usersRouter = Router();
usersRouter.get('/users/ada', (_request, response) => {
  const document = { name: 'Ada', passwordHash: 'x1y2' };
  sendValidated(response, { status: 200, schema: userSchema, body: document });
});
usersRouter.get('/users/broken', (_request, response) => {
  sendValidated(response, { status: 200, schema: userSchema, body: { name: 7 as unknown as string } });
});

const app = createApp({
  logger: createLogger({ level: 'silent' }),
  routers: [usersRouter],
  refusesWithoutDatabase: false,
});

describe('sendValidated', () => {
  it('when the body has fields the contract does not name, leaves them out', async () => {
    const response = await request(app).get('/api/v1/users/ada').expect(200);

    expect(response.body).toEqual({ name: 'Ada' });
  });

  it('when the body breaks the contract, answers 500 INTERNAL rather than blaming the client', async () => {
    const response = await request(app).get('/api/v1/users/broken').expect(500);

    expect(response.body.error.code).toBe('INTERNAL');
  });
});
