import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { givePlan } from '../../test/billing';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { linkOf, useMailCatcher } from '../../test/test-mail';

useTestDatabase();
const mailbox = useMailCatcher();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';

type Person = { agent: TestAgent; userId: string; email: string; teamId: number };

async function signUp(name: string, email: string): Promise<Person> {
  const agent = createTestAgent(app);
  const response = await signUpAndSignIn(agent, { name, email, password });
  return { agent, userId: response.body.user.id, email, teamId: response.body.teamId };
}

async function inviteToken(by: TestAgent, email: string, role: 'admin' | 'member', locale: 'de' | 'en' = 'de') {
  const subject = /Team|team/;
  const before = mailbox.countMailsTo(email, subject);
  await by.post('/api/v1/team/invitations').send({ email, role, locale }).expect(201);
  const mail = await mailbox.waitForMail(email, subject, { after: before });
  return { token: linkOf(mail).searchParams.get('token') ?? '', mail };
}

// The team under test: an owner, an admin who joined by signing up through the invitation, a member
// who had an account and accepted, and an outsider with a team of their own.
let owner: Person;
let admin: Person;
let member: Person;
let outsider: Person;

beforeAll(async () => {
  owner = await signUp('Olga Owner', 'owner@example.com');
  await owner.agent.patch('/api/v1/team').send({ name: 'Acme HR' }).expect(200);
  // The team invites more people than Free's three seats take.
  await givePlan(owner.teamId, 'business-month');

  const adminInvite = await inviteToken(owner.agent, 'admin@example.com', 'admin', 'en');
  const adminAgent = createTestAgent(app);
  const joined = await adminAgent
    .post('/api/v1/invitations/sign-up')
    .send({ token: adminInvite.token, name: 'Adam Admin', password, locale: 'en' })
    .expect(201);
  admin = { agent: adminAgent, userId: joined.body.user.id, email: 'admin@example.com', teamId: owner.teamId };

  member = await signUp('Mia Member', 'member@example.com');
  const memberInvite = await inviteToken(owner.agent, member.email, 'member');
  await member.agent.post('/api/v1/invitations/accept').send({ token: memberInvite.token }).expect(200);

  outsider = await signUp('Otto Outsider', 'outsider@example.com');
});

describe('invitations', () => {
  it('mails the link in the chosen language; signing up through it joins the team, verified, as the current team', async () => {
    const { mail } = await inviteToken(owner.agent, 'newcomer@example.com', 'member', 'en');
    expect(mail.subject).toBe('Invitation to the team “Acme HR”');
    expect(mail.text).toContain('Olga Owner invites you');
    expect(linkOf(mail).pathname).toBe('/en/invite');

    const session = await admin.agent.get('/api/v1/auth/session').expect(200);
    expect(session.body.teamId).toBe(owner.teamId);
    expect(session.body.user.emailVerified).toBe(true);
  });

  it('shows anyone with the link what it is about, and whether the email has an account', async () => {
    const { token } = await inviteToken(owner.agent, outsider.email, 'member');
    const preview = await request(app).get(`/api/v1/invitations/${token}`).expect(200);
    expect(preview.body).toEqual({
      teamName: 'Acme HR',
      inviterName: 'Olga Owner',
      email: outsider.email,
      role: 'member',
      hasAccount: true,
    });
    const unknown = await request(app)
      .get(`/api/v1/invitations/${'x'.repeat(43)}`)
      .expect(404);
    expect(unknown.body.error.code).toBe('LINK_INVALID');
    await request(app).get('/api/v1/invitations/short').expect(404);
  });

  it('is accepted only by the invited email, once', async () => {
    const { token } = await inviteToken(owner.agent, 'someone@example.com', 'member');
    const mismatch = await outsider.agent.post('/api/v1/invitations/accept').send({ token }).expect(403);
    expect(mismatch.body.error.code).toBe('INVITATION_EMAIL_MISMATCH');

    const someone = await signUp('Sam', 'someone@example.com');
    const accepted = await someone.agent.post('/api/v1/invitations/accept').send({ token }).expect(200);
    // The invitation's link reached that mailbox: the address counts as verified.
    expect(accepted.body.user.emailVerified).toBe(true);
    const twice = await someone.agent.post('/api/v1/invitations/accept').send({ token }).expect(404);
    expect(twice.body.error.code).toBe('LINK_INVALID');
    await request(app)
      .post('/api/v1/invitations/sign-up')
      .send({ token, name: 'Sam', password, locale: 'de' })
      .expect(404);
  });

  it('refuses to invite a member again; a new invitation replaces the pending one; a revoked one stops working', async () => {
    const again = await owner.agent.post('/api/v1/team/invitations').send({ email: member.email }).expect(409);
    expect(again.body.error.code).toBe('ALREADY_MEMBER');

    const first = await inviteToken(owner.agent, 'twice@example.com', 'member');
    const second = await inviteToken(owner.agent, 'twice@example.com', 'admin');
    await request(app).get(`/api/v1/invitations/${first.token}`).expect(404);
    const team = await owner.agent.get('/api/v1/team').expect(200);
    const pending = team.body.invitations.filter(
      (invitation: { email: string }) => invitation.email === 'twice@example.com',
    );
    expect(pending).toHaveLength(1);
    expect(pending[0].role).toBe('admin');

    await owner.agent.delete(`/api/v1/team/invitations/${pending[0].id}`).expect(200);
    await request(app).get(`/api/v1/invitations/${second.token}`).expect(404);
  });
});

describe('members and roles', () => {
  it('lists the members with their roles, the owner first; members see no invitations', async () => {
    const forOwner = await owner.agent.get('/api/v1/team').expect(200);
    expect(forOwner.body.name).toBe('Acme HR');
    expect(forOwner.body.role).toBe('owner');
    expect(forOwner.body.members[0]).toMatchObject({ name: 'Olga Owner', role: 'owner' });
    expect(forOwner.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: admin.userId, role: 'admin' }),
        expect.objectContaining({ userId: member.userId, role: 'member' }),
      ]),
    );
    const forMember = await member.agent.get('/api/v1/team').expect(200);
    expect(forMember.body.role).toBe('member');
    expect(forMember.body.invitations).toEqual([]);
  });

  it('lets only the owner make admins: an admin invites members, never admins', async () => {
    const refused = await admin.agent
      .post('/api/v1/team/invitations')
      .send({ email: 'promoted@example.com', role: 'admin', locale: 'de' })
      .expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await admin.agent
      .post('/api/v1/team/invitations')
      .send({ email: 'helper@example.com', role: 'member', locale: 'de' })
      .expect(201);
  });

  it('never changes or removes the owner', async () => {
    const change = await owner.agent.patch(`/api/v1/team/members/${owner.userId}`).send({ role: 'member' }).expect(400);
    expect(change.body.error.code).toBe('OWNER_IMMUTABLE');
    await owner.agent.delete(`/api/v1/team/members/${owner.userId}`).expect(400);
  });

  it('lets an admin remove plain members but not other admins', async () => {
    const other = await signUp('Ada Second', 'admin2@example.com');
    const { token } = await inviteToken(owner.agent, other.email, 'admin');
    await other.agent.post('/api/v1/invitations/accept').send({ token }).expect(200);
    const refused = await admin.agent.delete(`/api/v1/team/members/${other.userId}`).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
  });

  it('removing a member takes them out of the groups and moves their session to their own team', async () => {
    const leaving = await signUp('Lee Leaving', 'leaving@example.com');
    const { token } = await inviteToken(owner.agent, leaving.email, 'member');
    await leaving.agent.post('/api/v1/invitations/accept').send({ token }).expect(200);
    const group = await owner.agent.post('/api/v1/team/groups').send({ name: 'Leavers' }).expect(201);
    await owner.agent.post(`/api/v1/team/groups/${group.body.id}/members`).send({ userId: leaving.userId }).expect(200);

    await admin.agent.delete(`/api/v1/team/members/${leaving.userId}`).expect(200);
    const afterwards = await owner.agent.get(`/api/v1/team/groups/${group.body.id}`).expect(200);
    expect(afterwards.body.members).toEqual([]);
    const session = await leaving.agent.get('/api/v1/auth/session').expect(200);
    expect(session.body.teamId).toBe(leaving.teamId);
    await leaving.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(404);
  });

  it('lists the teams of a user and switches the current one, setting the team cookie', async () => {
    const teams = await member.agent.get('/api/v1/teams').expect(200);
    expect(teams.body.teams).toEqual([
      { teamId: owner.teamId, name: 'Acme HR', role: 'member' },
      { teamId: member.teamId, name: 'Mia Member', role: 'owner' },
    ]);
    const switched = await member.agent.post('/api/v1/teams/current').send({ teamId: member.teamId }).expect(200);
    expect(switched.body.teamId).toBe(member.teamId);
    const teamCookie = (switched.headers['set-cookie'] as unknown as string[]).find((cookie) =>
      cookie.startsWith('team='),
    );
    expect(teamCookie).toMatch(new RegExp(`^team=${member.teamId};`));
    expect((await member.agent.get('/api/v1/team').expect(200)).body.role).toBe('owner');
    await member.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(200);
  });
});

describe('groups', () => {
  it('creates, renames, fills and deletes a group; names are unique per team in any letter case', {
    tags: ['reliability'],
  }, async () => {
    const created = await admin.agent.post('/api/v1/team/groups').send({ name: 'Approvers' }).expect(201);
    const taken = await owner.agent.post('/api/v1/team/groups').send({ name: 'approvers' }).expect(409);
    expect(taken.body.error.code).toBe('GROUP_NAME_TAKEN');
    // Another team may use the same name.
    await outsider.agent.post('/api/v1/team/groups').send({ name: 'Approvers' }).expect(201);

    const path = `/api/v1/team/groups/${created.body.id}`;
    await owner.agent.patch(path).send({ name: 'Finance approvers' }).expect(200);
    const other = await owner.agent.post('/api/v1/team/groups').send({ name: 'Reviewers' }).expect(201);
    const renamedToTaken = await owner.agent
      .patch(`/api/v1/team/groups/${other.body.id}`)
      .send({ name: 'FINANCE approvers' })
      .expect(409);
    expect(renamedToTaken.body.error.code).toBe('GROUP_NAME_TAKEN');
    await owner.agent.delete(`/api/v1/team/groups/${other.body.id}`).expect(204);
    const filled = await owner.agent.post(`${path}/members`).send({ userId: member.userId }).expect(200);
    expect(filled.body).toMatchObject({
      name: 'Finance approvers',
      members: [{ userId: member.userId, name: 'Mia Member' }],
    });
    const list = await member.agent.get('/api/v1/team/groups').expect(200);
    expect(list.body.groups).toContainEqual({ id: created.body.id, name: 'Finance approvers', memberCount: 1 });

    const stranger = await owner.agent.post(`${path}/members`).send({ userId: outsider.userId }).expect(400);
    expect(stranger.body.error.code).toBe('NOT_TEAM_MEMBER');
    await owner.agent.delete(path).expect(204);
    await owner.agent.get(path).expect(404);
  });
});

// Every endpoint of teams, groups and invitations for each kind of caller. `prepare` makes a fresh
// resource of the team under test, so each call meets the same state.
type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'anonymous';
type Row = {
  name: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  prepare: () => Promise<{ path: string; body?: object }>;
  expected: Record<Role, number>;
};

let groupCount = 0;
async function freshGroup(): Promise<string> {
  groupCount += 1;
  const group = await owner.agent
    .post('/api/v1/team/groups')
    .send({ name: `Matrix ${groupCount}` })
    .expect(201);
  await owner.agent.post(`/api/v1/team/groups/${group.body.id}/members`).send({ userId: member.userId }).expect(200);
  return group.body.id;
}
async function freshInvitation(): Promise<string> {
  groupCount += 1;
  const email = `matrix${groupCount}@example.com`;
  const team = await owner.agent.post('/api/v1/team/invitations').send({ email }).expect(201);
  return team.body.invitations.find((invitation: { email: string }) => invitation.email === email).id;
}
async function freshMember(): Promise<string> {
  groupCount += 1;
  const person = await signUp(`Matrix ${groupCount}`, `matrix-member${groupCount}@example.com`);
  const { token } = await inviteToken(owner.agent, person.email, 'member');
  await person.agent.post('/api/v1/invitations/accept').send({ token }).expect(200);
  return person.userId;
}

const rows: Row[] = [
  {
    name: 'GET /team/groups/{id}',
    method: 'get',
    prepare: async () => ({ path: `/team/groups/${await freshGroup()}` }),
    expected: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 },
  },
  {
    name: 'PATCH /team/groups/{id}',
    method: 'patch',
    prepare: async () => ({ path: `/team/groups/${await freshGroup()}`, body: { name: `Renamed ${groupCount}` } }),
    expected: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'DELETE /team/groups/{id}',
    method: 'delete',
    prepare: async () => ({ path: `/team/groups/${await freshGroup()}` }),
    expected: { owner: 204, admin: 204, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'POST /team/groups/{id}/members',
    method: 'post',
    prepare: async () => ({ path: `/team/groups/${await freshGroup()}/members`, body: { userId: admin.userId } }),
    expected: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'DELETE /team/groups/{id}/members/{userId}',
    method: 'delete',
    prepare: async () => ({ path: `/team/groups/${await freshGroup()}/members/${member.userId}` }),
    expected: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'PATCH /team/members/{userId}',
    method: 'patch',
    prepare: async () => ({ path: `/team/members/${await freshMember()}`, body: { role: 'admin' } }),
    expected: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'DELETE /team/members/{userId}',
    method: 'delete',
    prepare: async () => ({ path: `/team/members/${await freshMember()}` }),
    expected: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'DELETE /team/invitations/{id}',
    method: 'delete',
    prepare: async () => ({ path: `/team/invitations/${await freshInvitation()}` }),
    expected: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'POST /teams/current (the team under test)',
    method: 'post',
    prepare: async () => ({ path: '/teams/current', body: { teamId: owner.teamId } }),
    expected: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 },
  },
  // Endpoints on "the current team": an outsider reaches only their own, so they are left out here.
  {
    name: 'PATCH /team',
    method: 'patch',
    prepare: async () => ({ path: '/team', body: { name: 'Acme HR' } }),
    expected: { owner: 200, admin: 403, member: 403, outsider: 200, anonymous: 401 },
  },
  {
    name: 'POST /team/invitations',
    method: 'post',
    prepare: async () => {
      groupCount += 1;
      return { path: '/team/invitations', body: { email: `matrix-invite${groupCount}@example.com` } };
    },
    expected: { owner: 201, admin: 201, member: 403, outsider: 201, anonymous: 401 },
  },
  {
    name: 'POST /team/groups',
    method: 'post',
    prepare: async () => {
      groupCount += 1;
      return { path: '/team/groups', body: { name: `Created ${groupCount}` } };
    },
    expected: { owner: 201, admin: 201, member: 403, outsider: 201, anonymous: 401 },
  },
  {
    name: 'GET /team/groups',
    method: 'get',
    prepare: async () => ({ path: '/team/groups' }),
    expected: { owner: 200, admin: 200, member: 200, outsider: 200, anonymous: 401 },
  },
];

describe('role × endpoint matrix', () => {
  const roles: Role[] = ['owner', 'admin', 'member', 'outsider', 'anonymous'];
  for (const row of rows) {
    it(`${row.name}: ${roles.map((role) => `${role} ${row.expected[role]}`).join(', ')}`, async () => {
      const agents: Record<Role, TestAgent> = {
        owner: owner.agent,
        admin: admin.agent,
        member: member.agent,
        outsider: outsider.agent,
        anonymous: createTestAgent(app),
      };
      const actual: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        const { path, body } = await row.prepare();
        const call = agents[role][row.method](`/api/v1${path}`);
        actual[role] = (await (body ? call.send(body) : call)).status;
      }
      expect(actual).toEqual(row.expected);
    });
  }
});
