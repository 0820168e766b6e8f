import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Constants,
  IdentityProvider,
  type IdentityProviderInstance,
  SamlLib,
  ServiceProvider,
  type ServiceProviderInstance,
} from 'samlify';

/** A person at the test IdP: the NameID is the address, as most company IdPs send it. */
export type SamlPerson = { email: string; name: string };

/** What a test may do to the next answer: change its values, sign it with another key, or edit it after. */
export type SamlTampering = {
  audience?: string;
  issuer?: string;
  inResponseTo?: string;
  /** An answer whose time ran out (its Conditions and subject confirmation). */
  isExpired?: boolean;
  isSignedByStranger?: boolean;
  /** Replaces this text in the signed XML, as someone would who changes an assertion on its way. */
  edit?: { from: string; to: string };
};

async function createSigningIdentity(): Promise<{ privateKeyPem: string; certificatePem: string }> {
  // @peculiar/x509 needs the Reflect metadata API (see documents/sealing/signing-identity.ts).
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  const { crypto } = globalThis;
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: 'CN=Formwerk test IdP',
      keys,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * 24 * 3_600_000),
      signingAlgorithm: algorithm,
    },
    crypto,
  );
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----`;
  return { privateKeyPem, certificatePem: certificate.toString('pem') };
}

const attributeStatement = (person: SamlPerson) =>
  `<saml:AttributeStatement>${[
    ['email', person.email],
    ['displayName', person.name],
  ]
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('')}</saml:AttributeStatement>`;

/**
 * A SAML 2.0 identity provider on loopback (samlify's IdentityProvider) standing in for a team's: its
 * metadata, a sign-in address for HTTP-Redirect that reads the AuthnRequest, and an answer by HTTP-POST
 * with a signed assertion. The person signing in is chosen by the test (`signIn`); `tamperNextAnswer`
 * spoils the next answer the way a forged, misdirected, late or edited one would be.
 */
export async function startTestSamlIdentityProvider({ people }: { people: Record<string, SamlPerson> }) {
  const [own, stranger] = await Promise.all([createSigningIdentity(), createSigningIdentity()]);
  let tampering: SamlTampering | null = null;
  // Who signs in at the next visit of the sign-in address, and for which SP: chosen by `signIn`.
  let visit: { sp: ServiceProviderInstance; person: SamlPerson } | null = null;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname !== '/sso' || !visit) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const { sp, person } = visit;
    signInAt(url, sp, person)
      .then(({ acsUrl, samlResponse }) => {
        // What an IdP answers after its sign-in: a form the page posts to the SP's ACS at once.
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<form method="post" action="${acsUrl}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"></form>`,
        );
      })
      .catch((error: unknown) => {
        response.statusCode = 400;
        response.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const identityProviderOf = ({ privateKeyPem, certificatePem }: { privateKeyPem: string; certificatePem: string }) =>
    IdentityProvider({
      entityID: entityId,
      privateKey: privateKeyPem,
      signingCert: certificatePem,
      wantAuthnRequestsSigned: false,
      nameIDFormat: [Constants.namespace.format.emailAddress],
      singleSignOnService: [{ Binding: Constants.namespace.binding.redirect, Location: `${base}/sso` }],
    });
  const idp: IdentityProviderInstance = identityProviderOf(own);

  async function answer(sp: ServiceProviderInstance, requestId: string, person: SamlPerson): Promise<string> {
    const change = tampering ?? {};
    tampering = null;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const past = new Date(now.getTime() - 10 * 60_000);
    const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
    const signer = change.isSignedByStranger ? identityProviderOf(stranger) : idp;
    const { context } = (await signer.createLoginResponse(
      sp,
      { extract: { request: { id: requestId } } },
      'post',
      { email: person.email },
      (template: string) => ({
        id: `_${crypto.randomUUID()}`,
        context: SamlLib.replaceTagsByValue(template, {
          ID: `_${crypto.randomUUID()}`,
          AssertionID: `_${crypto.randomUUID()}`,
          Destination: acsUrl,
          Audience: change.audience ?? sp.entityMeta.getEntityID(),
          SubjectRecipient: acsUrl,
          Issuer: change.issuer ?? entityId,
          IssueInstant: (change.isExpired ? past : now).toISOString(),
          StatusCode: Constants.StatusCode.Success,
          ConditionsNotBefore: (change.isExpired ? past : now).toISOString(),
          ConditionsNotOnOrAfter: (change.isExpired ? new Date(past.getTime() + 60_000) : later).toISOString(),
          SubjectConfirmationDataNotOnOrAfter: (change.isExpired
            ? new Date(past.getTime() + 60_000)
            : later
          ).toISOString(),
          NameIDFormat: Constants.namespace.format.emailAddress,
          NameID: person.email,
          InResponseTo: change.inResponseTo ?? requestId,
          AuthnStatement: '',
          // Put in below: samlify escapes tag values, and this one is XML.
        }).replace('{AttributeStatement}', attributeStatement(person)),
      }),
    )) as { context: string };
    if (!change.edit) return context;
    const xml = Buffer.from(context, 'base64').toString('utf8');
    return Buffer.from(xml.replaceAll(change.edit.from, change.edit.to)).toString('base64');
  }

  async function signInAt(url: URL, sp: ServiceProviderInstance, person: SamlPerson) {
    const { extract } = await idp.parseLoginRequest(sp, 'redirect', {
      query: Object.fromEntries(url.searchParams),
      octetString: url.search.slice(1),
    });
    const requestId = extract.request?.id;
    if (typeof requestId !== 'string') throw new Error('The AuthnRequest has no ID');
    const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
    return { acsUrl, samlResponse: await answer(sp, requestId, person) };
  }

  return {
    entityId,
    metadataXml: idp.getMetadata(),
    /**
     * Follows the api's redirect to the IdP's sign-in address, signs in there as `personId` and answers
     * what the IdP's page posts: the SP's ACS and the SAMLResponse.
     */
    async signIn(
      authnRequestUrl: string,
      { serviceProviderMetadata, personId }: { serviceProviderMetadata: string; personId: string },
    ): Promise<{ acsUrl: URL; samlResponse: string }> {
      const person = people[personId];
      if (!person) throw new Error(`No person ${personId} at the test IdP`);
      visit = { sp: ServiceProvider({ metadata: serviceProviderMetadata }), person };
      const response = await fetch(authnRequestUrl);
      const page = await response.text();
      const form = /action="([^"]+)"[\s\S]*name="SAMLResponse" value="([^"]+)"/.exec(page);
      if (!response.ok || !form?.[1] || !form[2]) throw new Error(`The IdP answered ${response.status}: ${page}`);
      return { acsUrl: new URL(form[1]), samlResponse: form[2] };
    },
    tamperNextAnswer(change: SamlTampering): void {
      tampering = change;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestSamlIdentityProvider = Awaited<ReturnType<typeof startTestSamlIdentityProvider>>;
