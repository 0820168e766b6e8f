import { X509Certificate } from 'node:crypto';
import * as xmllint from '@authenio/samlify-xmllint-wasm';
import {
  Constants,
  Extractor,
  IdentityProvider,
  type IdentityProviderInstance,
  SamlLib,
  ServiceProvider,
  type ServiceProviderInstance,
  setSchemaValidator,
} from 'samlify';
import { isLoopbackUrl } from '../../platform/config';

/**
 * The SAML service provider of each team (decision 030), on samlify: the SP's metadata, the AuthnRequest
 * (HTTP-Redirect) and the checks of the IdP's answer (HTTP-POST). samlify checks the XML against the SAML
 * schemas, the signature against the IdP's certificate from its metadata, the assertion's issuer and its
 * Conditions' time window; the audience, the subject confirmation (recipient, NotOnOrAfter) and
 * InResponseTo are checked here, since samlify leaves them to the caller.
 */

// samlify refuses every message until a schema validator is set. xmllint compiled to WebAssembly: no
// native build and no Java (the xsd-schema-validator module needs a JVM), kept by samlify's authors.
setSchemaValidator({ validate: (xml: string) => xmllint.validate(xml) });

// The clocks of the IdP and this api may differ by a little; a minute either way, as most SPs allow.
const clockDriftMs = 60_000;

export type SamlServiceProviderUrls = { entityId: string; acsUrl: string; metadataUrl: string };

/** The SP's names at the IdP: per team, so one team's assertions are never meant for another. */
export function samlServiceProviderUrls(publicUrl: string, teamId: number): SamlServiceProviderUrls {
  const base = `${publicUrl}/api/v1/sso/saml/${teamId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

function serviceProviderOf(urls: SamlServiceProviderUrls): ServiceProviderInstance {
  return ServiceProvider({
    entityID: urls.entityId,
    assertionConsumerService: [{ Binding: Constants.namespace.binding.post, Location: urls.acsUrl }],
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
    nameIDFormat: [Constants.namespace.format.emailAddress],
    clockDrifts: [-clockDriftMs, clockDriftMs],
  });
}

/** The SP's metadata XML, for the IdP's administrator (or its metadata URL import). */
export function samlServiceProviderMetadata(urls: SamlServiceProviderUrls): string {
  return serviceProviderOf(urls).getMetadata();
}

export type SamlIdentityProviderSummary = {
  entityId: string;
  ssoUrl: string;
  /** When the first signing certificate runs out: the admin page warns before sign-ins start failing. */
  certificateExpiresAt: Date;
};

/** Why an IdP's metadata cannot serve, for the admin's message and the log line. */
export class SamlMetadataError extends Error {}

const certificatesOf = (idp: IdentityProviderInstance): string[] => {
  const found: unknown = idp.entityMeta.getX509Certificate('signing');
  const list = Array.isArray(found) ? found.flat(Infinity) : [found];
  return list.filter((each): each is string => typeof each === 'string' && each.trim() !== '');
};

/**
 * Reads an IdP's metadata and says whether a sign-in can work with it: an entity ID, a sign-in address for
 * HTTP-Redirect (https, or http on loopback for tests), a signing certificate, and no demand for signed
 * AuthnRequests (this SP has no key to sign them). Throws SamlMetadataError otherwise.
 */
export function readSamlIdentityProvider(metadataXml: string): SamlIdentityProviderSummary {
  let idp: IdentityProviderInstance;
  try {
    idp = IdentityProvider({ metadata: metadataXml });
  } catch (error) {
    throw new SamlMetadataError(`The metadata is not readable XML: ${String(error)}`);
  }
  const entityId: unknown = idp.entityMeta.getEntityID();
  if (typeof entityId !== 'string' || entityId.trim() === '') throw new SamlMetadataError('No entityID');
  const ssoUrl: unknown = idp.entityMeta.getSingleSignOnService('redirect');
  if (typeof ssoUrl !== 'string' || !URL.canParse(ssoUrl)) {
    throw new SamlMetadataError('No SingleSignOnService for HTTP-Redirect');
  }
  if (!ssoUrl.startsWith('https://') && !(ssoUrl.startsWith('http://') && isLoopbackUrl(ssoUrl))) {
    throw new SamlMetadataError('The SingleSignOnService is not https');
  }
  if (idp.entityMeta.isWantAuthnRequestsSigned()) {
    throw new SamlMetadataError('The IdP wants signed AuthnRequests');
  }
  const [certificate] = certificatesOf(idp);
  if (!certificate) throw new SamlMetadataError('No signing certificate');
  let certificateExpiresAt: Date;
  try {
    const pem = `-----BEGIN CERTIFICATE-----\n${certificate.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
    certificateExpiresAt = new Date(new X509Certificate(pem).validTo);
  } catch {
    throw new SamlMetadataError('The signing certificate is not a certificate');
  }
  return { entityId, ssoUrl, certificateExpiresAt };
}

/** The IdP's sign-in page with a fresh AuthnRequest; its ID must come back as InResponseTo. */
export function createSamlAuthnRequest(
  urls: SamlServiceProviderUrls,
  metadataXml: string,
): { requestId: string; url: string } {
  const { id, context } = serviceProviderOf(urls).createLoginRequest(
    IdentityProvider({ metadata: metadataXml }),
    'redirect',
  );
  return { requestId: id, url: context };
}

export type SamlAssertion = {
  assertionId: string;
  /** The NameID. */
  subject: string;
  email: string | null;
  name: string | null;
  inResponseTo: string;
  /** Until when the assertion could be presented: the replay store keeps its ID that long. */
  notOnOrAfter: Date;
};

/** Why an answer was refused, for the log line; the person is told only that it failed. */
export class SamlAnswerError extends Error {}

const emailAttributes = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const nameAttributes = ['displayname', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];

function firstAttribute(attributes: Record<string, unknown>, names: string[]): string | null {
  const lowered = new Map(Object.entries(attributes).map(([key, value]) => [key.toLowerCase(), value]));
  for (const name of names) {
    const value = lowered.get(name);
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return null;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : null);

/** The parts of the signed assertion samlify does not check, read from the assertion it verified. */
function subjectConfirmationOf(samlContent: string, idp: IdentityProviderInstance) {
  let assertion: string | null;
  try {
    [, assertion] = SamlLib.verifySignature(samlContent, { metadata: idp.entityMeta });
  } catch (error) {
    throw new SamlAnswerError(
      `The signature did not verify: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!assertion) throw new SamlAnswerError('No signed assertion');
  const { confirmation, assertionTag } = Extractor.extract(assertion, [
    {
      key: 'confirmation',
      localPath: ['Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'],
      attributes: ['InResponseTo', 'NotOnOrAfter', 'Recipient'],
    },
    { key: 'assertionTag', localPath: ['Assertion'], attributes: ['ID'] },
  ]) as { confirmation?: Record<string, unknown>; assertionTag?: unknown };
  return {
    inResponseTo: asString(confirmation?.inResponseTo),
    notOnOrAfter: asString(confirmation?.notOnOrAfter),
    recipient: asString(confirmation?.recipient),
    assertionId: asString(assertionTag),
  };
}

/**
 * The assertion of an IdP's HTTP-POST answer, after every check: schema, signature by the IdP's
 * certificate, issuer, Conditions' time window (samlify); audience = this team's SP, subject confirmation
 * for this ACS, not after its NotOnOrAfter, in response to a request (here). Throws SamlAnswerError.
 */
export async function readSamlAnswer(
  urls: SamlServiceProviderUrls,
  metadataXml: string,
  body: { SAMLResponse?: unknown },
  now = new Date(),
): Promise<SamlAssertion> {
  if (typeof body.SAMLResponse !== 'string') throw new SamlAnswerError('No SAMLResponse in the request');
  const idp = IdentityProvider({ metadata: metadataXml });
  let parsed: { samlContent: string; extract: Record<string, unknown> };
  try {
    parsed = await serviceProviderOf(urls).parseLoginResponse(idp, 'post', { body });
  } catch (error) {
    throw new SamlAnswerError(`samlify refused the answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { extract } = parsed;
  const audiences = [extract.audience].flat();
  if (!audiences.includes(urls.entityId)) throw new SamlAnswerError(`Wrong audience: ${audiences.join(', ')}`);
  const confirmation = subjectConfirmationOf(parsed.samlContent, idp);
  if (confirmation.recipient !== null && confirmation.recipient !== urls.acsUrl) {
    throw new SamlAnswerError(`Wrong recipient: ${confirmation.recipient}`);
  }
  const notOnOrAfter = confirmation.notOnOrAfter ? new Date(confirmation.notOnOrAfter) : null;
  if (!notOnOrAfter || Number.isNaN(notOnOrAfter.getTime()) || notOnOrAfter.getTime() + clockDriftMs <= now.getTime()) {
    throw new SamlAnswerError(`Expired or no NotOnOrAfter: ${confirmation.notOnOrAfter}`);
  }
  // Only answers to our own requests: an IdP-initiated one has no request a browser could be bound to.
  if (!confirmation.inResponseTo) throw new SamlAnswerError('No InResponseTo (IdP-initiated sign-ins are refused)');
  const subject = asString(extract.nameID)?.trim();
  if (!confirmation.assertionId || !subject) throw new SamlAnswerError('No assertion ID or NameID');
  const attributes = (extract.attributes ?? {}) as Record<string, unknown>;
  const email = firstAttribute(attributes, emailAttributes) ?? (subject.includes('@') ? subject : null);
  return {
    assertionId: confirmation.assertionId,
    subject,
    email,
    name: firstAttribute(attributes, nameAttributes),
    inResponseTo: confirmation.inResponseTo,
    notOnOrAfter,
  };
}
