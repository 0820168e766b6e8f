import type { SsoAdminResponse } from '@formwerk/contracts';
import { findSsoConnection, findSsoSettings } from './sso-connection.service';
import { listSsoDomains } from './sso-domains.service';
import { samlUrlsOf, ssoRedirectUri } from './sso-sign-in.service';

/** Everything /sso-admin shows of the team's single sign-on. */
export async function findSsoAdminView(teamId: number): Promise<SsoAdminResponse> {
  const [domains, connection, settings] = await Promise.all([
    listSsoDomains(teamId),
    findSsoConnection(teamId),
    findSsoSettings(teamId),
  ]);
  return { domains, connection, settings, redirectUri: ssoRedirectUri(), samlServiceProvider: samlUrlsOf(teamId) };
}
