import type { SsoConnection, SsoSettings } from '@formwerk/contracts';
import type { Configuration } from 'openid-client';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { discoverOpenIdProvider, type OpenIdClient } from '../security/openid-connect';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { readSamlIdentityProvider, type SamlIdentityProviderSummary, SamlMetadataError } from './saml-service-provider';
import { SsoConnectionModel, type SsoConnectionRecord } from './sso-connection.model';
import { findVerifiedDomainsOf } from './sso-domains.service';

const sealPurpose = 'sso client secret';
const discoverySuffix = '/.well-known/openid-configuration';
const defaultSettings: SsoSettings = { defaultRole: 'member', isJitEnabled: false, isEnforced: false };

/** The issuer of a discovery URL: openid-client appends the well-known path itself. */
export function issuerOf(discoveryUrl: string): string {
  const url = discoveryUrl.replace(/\/+$/, '');
  return url.endsWith(discoverySuffix) ? url.slice(0, -discoverySuffix.length) : url;
}

const findRecord = (teamId: number) => SsoConnectionModel.findById(teamId).lean<SsoConnectionRecord>();

export async function findSsoConnection(teamId: number): Promise<SsoConnection | null> {
  const record = await findRecord(teamId);
  if (!record?.connectedAt) return null;
  if (record.samlMetadataXml && record.samlEntityId && record.samlSsoUrl && record.samlCertificateExpiresAt) {
    return {
      protocol: 'saml',
      entityId: record.samlEntityId,
      ssoUrl: record.samlSsoUrl,
      certificateExpiresAt: record.samlCertificateExpiresAt.toISOString(),
      updatedAt: record.connectedAt.toISOString(),
    };
  }
  if (!record.issuer || !record.clientId) return null;
  return {
    protocol: 'oidc',
    issuer: record.issuer,
    clientId: record.clientId,
    hasClientSecret: record.sealedClientSecret !== null,
    updatedAt: record.connectedAt.toISOString(),
  };
}

export async function findSsoSettings(teamId: number): Promise<SsoSettings> {
  const record = await findRecord(teamId);
  if (!record) return defaultSettings;
  return { defaultRole: record.defaultRole, isJitEnabled: record.isJitEnabled, isEnforced: record.isEnforced };
}

// One discovery per team and connection, again after a failure or a change of the connection.
const configurations = new Map<string, Promise<Configuration>>();

function discoverOnce(teamId: number, client: OpenIdClient, connectedAt: Date): Promise<Configuration> {
  const key = `${teamId} ${connectedAt.getTime()}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    for (const stale of configurations.keys()) if (stale.startsWith(`${teamId} `)) configurations.delete(stale);
    configuration = discoverOpenIdProvider(client).catch((error: unknown) => {
      configurations.delete(key);
      throw error;
    });
    configurations.set(key, configuration);
  }
  return configuration;
}

/** The team's SAML IdP metadata, for a sign-in; null when the team has no SAML connection. */
export async function findTeamSamlMetadata(teamId: number): Promise<string | null> {
  const record = await findRecord(teamId);
  return record?.connectedAt && record.samlMetadataXml ? record.samlMetadataXml : null;
}

/** The team's OpenID provider, discovered, for a sign-in; null when the team has no usable connection. */
export async function findTeamProvider(teamId: number): Promise<Configuration | null> {
  const record = await findRecord(teamId);
  if (!record?.issuer || !record.clientId || !record.sealedClientSecret || !record.connectedAt) return null;
  const clientSecret = openSealedValue(sealPurpose, record.sealedClientSecret);
  // A secret sealed under another server secret: the owner saves the connection again.
  if (clientSecret === null) return null;
  return discoverOnce(teamId, { issuer: record.issuer, clientId: record.clientId, clientSecret }, record.connectedAt);
}

/**
 * Saves the connection after its discovery document loaded: a typo in the URL is found now, by the owner,
 * not at the first person's sign-in. An empty secret keeps the stored one.
 */
export async function saveSsoConnection(
  teamId: number,
  input: { discoveryUrl: string; clientId: string; clientSecret?: string | undefined },
  log: Logger,
): Promise<SsoConnection> {
  const issuer = issuerOf(input.discoveryUrl);
  const stored = await findRecord(teamId);
  const clientSecret = input.clientSecret
    ? input.clientSecret
    : stored?.sealedClientSecret
      ? openSealedValue(sealPurpose, stored.sealedClientSecret)
      : null;
  if (!clientSecret) {
    throw new AppError('VALIDATION_FAILED', 400, 'The client secret is missing', {
      issues: [{ path: ['clientSecret'], code: 'too_small', message: 'Required' }],
    });
  }
  await discoverOpenIdProvider({ issuer, clientId: input.clientId, clientSecret }).catch((error: unknown) => {
    log.warn({ err: error, teamId, issuer }, 'SSO connection refused: its discovery document did not load');
    throw new AppError('SSO_DISCOVERY_FAILED', 400, 'The discovery document did not load');
  });
  await SsoConnectionModel.updateOne(
    { _id: teamId },
    {
      $set: {
        issuer,
        clientId: input.clientId,
        sealedClientSecret: sealValue(sealPurpose, clientSecret),
        ...noSamlConnection,
        connectedAt: new Date(),
      },
    },
    { upsert: true },
  );
  return findSavedConnection(teamId);
}

const noOpenIdConnection = { issuer: null, clientId: null, sealedClientSecret: null };
const noSamlConnection = {
  samlMetadataXml: null,
  samlEntityId: null,
  samlSsoUrl: null,
  samlCertificateExpiresAt: null,
};

async function findSavedConnection(teamId: number): Promise<SsoConnection> {
  const connection = await findSsoConnection(teamId);
  if (!connection) throw new Error(`The SSO connection of team ${teamId} vanished`);
  return connection;
}

/**
 * Saves a SAML connection from the IdP's metadata once it is found usable (saml-service-provider.ts
 * `readSamlIdentityProvider`): the owner learns of a wrong file now, not at the first sign-in. It replaces
 * an OpenID Connect connection, as a team has one provider.
 */
export async function saveSsoSamlConnection(
  teamId: number,
  { metadataXml }: { metadataXml: string },
  log: Logger,
): Promise<SsoConnection> {
  let summary: SamlIdentityProviderSummary;
  try {
    summary = readSamlIdentityProvider(metadataXml);
  } catch (error) {
    if (!(error instanceof SamlMetadataError)) throw error;
    log.warn({ teamId, reason: error.message }, 'SSO connection refused: the SAML metadata cannot serve');
    throw new AppError('VALIDATION_FAILED', 400, 'The SAML metadata cannot serve', {
      issues: [{ path: ['metadataXml'], code: 'custom', message: error.message }],
    });
  }
  await SsoConnectionModel.updateOne(
    { _id: teamId },
    {
      $set: {
        ...noOpenIdConnection,
        samlMetadataXml: metadataXml,
        samlEntityId: summary.entityId,
        samlSsoUrl: summary.ssoUrl,
        samlCertificateExpiresAt: summary.certificateExpiresAt,
        connectedAt: new Date(),
      },
    },
    { upsert: true },
  );
  return findSavedConnection(teamId);
}

/** Removes the connection; enforcement ends with it, or nobody of the domain could sign in. */
export async function removeSsoConnection(teamId: number): Promise<void> {
  await SsoConnectionModel.updateOne(
    { _id: teamId },
    { $set: { ...noOpenIdConnection, ...noSamlConnection, connectedAt: null, isEnforced: false } },
  );
}

/** Enforcing needs a connection and a verified domain, or the domain's people would be locked out. */
export async function saveSsoSettings(teamId: number, settings: SsoSettings): Promise<SsoSettings> {
  if (settings.isEnforced) {
    const [connection, domains] = await Promise.all([findSsoConnection(teamId), findVerifiedDomainsOf(teamId)]);
    if (!connection || domains.length === 0) {
      throw new AppError('SSO_NOT_CONFIGURED', 409, 'Connect a provider and verify a domain first');
    }
  }
  await SsoConnectionModel.updateOne({ _id: teamId }, { $set: settings }, { upsert: true });
  return findSsoSettings(teamId);
}
