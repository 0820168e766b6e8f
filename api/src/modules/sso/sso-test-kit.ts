import type { startDnsServer } from '@formwerk/build-config/dns-server';
import type { TestPerson } from '../../test/accounts';
import { SessionModel } from '../sessions/session.model';
import { TeamModel } from '../teams/team.model';
import { UserModel } from '../users/user.model';
import { SsoIdentityModel } from './sso-connection.model';

/** What the single sign-on tests (OpenID Connect and SAML) share. */

/** The team owner adds `domain` and verifies it through the test's DNS server, as /sso-admin does. */
export async function verifyDomain(
  owner: TestPerson,
  dns: Awaited<ReturnType<typeof startDnsServer>>,
  domain: string,
): Promise<void> {
  const added = await owner.agent.post('/api/v1/sso/domains').send({ domain }).expect(201);
  dns.records.set(added.body.recordName, [added.body.recordValue]);
  await owner.agent.post(`/api/v1/sso/domains/${domain}/verify`).expect(200);
}

/** What a refused sign-in must leave as it was: accounts, identities, sessions, the team's members. */
export async function signInTraces(teamId: number) {
  return {
    users: await UserModel.countDocuments(),
    identities: await SsoIdentityModel.countDocuments(),
    sessions: await SessionModel.countDocuments(),
    members: (await TeamModel.findOne({ teamId }).lean())?.members.length,
  };
}
