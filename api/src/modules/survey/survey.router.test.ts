import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { SurveyAnswerModel } from './survey-answer.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const answers = { role: 'hr', teamSize: '11-50', goal: 'Vacation requests with approval' };

async function signedInAgent(email: string) {
  const agent = createTestAgent(app);
  await signUpAndSignIn(agent, { name: 'Ada', email, password: 'correct horse battery' });
  return agent;
}

describe('POST /api/v1/survey', () => {
  it('stores the answers, clears the survey flag and refreshes the me cookie', async () => {
    const agent = await signedInAgent('survey1@example.com');
    const response = await agent.post('/api/v1/survey').send(answers).expect(200);
    expect(response.body.user.survey).toBe(false);
    const me = (response.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('me='));
    expect(decodeURIComponent(me ?? '')).toContain('"survey":false');
    expect(await SurveyAnswerModel.countDocuments({ role: 'hr', teamSize: '11-50' })).toBe(1);
    expect((await agent.get('/api/v1/auth/session').expect(200)).body.user.survey).toBe(false);
  });

  it('answered twice, keeps one answer: the latest', async () => {
    const agent = await signedInAgent('survey2@example.com');
    await agent.post('/api/v1/survey').send(answers).expect(200);
    await agent
      .post('/api/v1/survey')
      .send({ ...answers, role: 'it' })
      .expect(200);
    const session = await agent.get('/api/v1/auth/session').expect(200);
    const stored = await SurveyAnswerModel.find({ userId: session.body.user.id }).lean();
    expect(stored.map((answer) => answer.role)).toEqual(['it']);
  });

  it('without a session answers 401, and with an unknown choice 400', async () => {
    expect((await request(app).post('/api/v1/survey').send(answers).expect(401)).body.error.code).toBe(
      'UNAUTHENTICATED',
    );
    const agent = await signedInAgent('survey3@example.com');
    await agent
      .post('/api/v1/survey')
      .send({ ...answers, teamSize: 'huge' })
      .expect(400);
  });
});
