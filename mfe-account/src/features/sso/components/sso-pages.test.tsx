import type { SsoAdminResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerEachCall, renderPage } from '../../../test/render-page';

const adminView: SsoAdminResponse = {
  domains: [
    {
      domain: 'acme.test',
      recordName: '_formwerk-sso.acme.test',
      recordValue: 'formwerk-sso-verification=0123456789abcdef0123456789abcdef',
      status: 'pending',
      verifiedAt: null,
      lastCheckedAt: '2026-11-22T10:00:00.000Z',
      lastProblem: 'recordMissing',
    },
  ],
  connection: null,
  settings: { defaultRole: 'member', isJitEnabled: false, isEnforced: false },
  redirectUri: 'https://forms.example/api/v1/sso/callback',
  samlServiceProvider: {
    entityId: 'https://forms.example/api/v1/sso/saml/7/metadata',
    acsUrl: 'https://forms.example/api/v1/sso/saml/7/acs',
    metadataUrl: 'https://forms.example/api/v1/sso/saml/7/metadata',
  },
};

describe('the SSO sign-in page', () => {
  it('says why a sign-in the provider answered was refused', async () => {
    answerEachCall(() => [404]);
    await renderPage('/en/sso?error=no-account');
    expect(
      await screen.findByText('This address has no account in the team. Ask the team owner for an invitation.'),
    ).toBeTruthy();
  });

  it('when no team offers single sign-on for the address, says so in German', async () => {
    const calls = answerEachCall(() => [
      404,
      { error: { code: 'SSO_NOT_AVAILABLE', message: 'No single sign-on for this address' } },
    ]);
    await renderPage('/sso');
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'kim@nowhere.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Für diese Adresse ist keine Anmeldung per Single Sign-on eingerichtet.',
    );
    expect(calls()).toContain('POST /sso/start {"email":"kim@nowhere.test","locale":"de"}');
  });
});

describe('the SSO admin page', () => {
  it('shows the TXT record of a pending domain and checks it again on request', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /sso/domains/acme.test/verify'
        ? [200, { ...adminView.domains[0], lastProblem: 'recordMismatch' }]
        : [200, adminView],
    );
    await renderPage('/en/sso-admin');
    const domains = await screen.findByRole('region', { name: 'Domains' });
    expect(within(domains).getByText('Not verified')).toBeTruthy();
    expect((within(domains).getByLabelText('Record name') as HTMLInputElement).value).toBe('_formwerk-sso.acme.test');
    expect(within(domains).getByText(/The TXT record was not found yet/)).toBeTruthy();
    fireEvent.click(within(domains).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(calls()).toContain('POST /sso/domains/acme.test/verify'));
  });

  it('explains the owner’s break-glass beside enforcement, and says when enforcing is not possible yet', async () => {
    answerEachCall((call) =>
      call === 'PUT /sso/settings'
        ? [409, { error: { code: 'SSO_NOT_CONFIGURED', message: 'Connect a provider and verify a domain first' } }]
        : [200, adminView],
    );
    await renderPage('/en/sso-admin');
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const enforce = within(settings).getByRole('checkbox', { name: 'Enforce single sign-on for the verified domains' });
    expect(enforce.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(settings).getByText(/Only you, the team owner, can still sign in with a password or with Google/),
    ).toBeTruthy();
    fireEvent.click(enforce);
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect((await within(settings).findByRole('alert')).textContent).toBe(
      'Connect an identity provider and verify a domain first.',
    );
  });

  it('shows the service provider’s details to copy, and says when the IdP’s metadata cannot be used', async () => {
    const calls = answerEachCall((call) =>
      call.startsWith('PUT /sso/saml-connection')
        ? [
            400,
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The SAML metadata cannot serve',
                details: { issues: [{ path: ['metadataXml'], code: 'custom', message: 'No signing certificate' }] },
              },
            },
          ]
        : [200, adminView],
    );
    await renderPage('/en/sso-admin');
    const saml = await screen.findByRole('region', { name: 'SAML connection' });
    expect((within(saml).getByLabelText('Assertion Consumer Service URL') as HTMLInputElement).value).toBe(
      'https://forms.example/api/v1/sso/saml/7/acs',
    );
    fireEvent.change(within(saml).getByLabelText("Identity provider's metadata (XML)"), {
      target: { value: '<EntityDescriptor/>' },
    });
    fireEvent.click(within(saml).getByRole('button', { name: 'Save SAML connection' }));
    expect((await within(saml).findByRole('alert')).textContent).toMatch(/^The metadata could not be used\./);
    expect(calls()).toContain('PUT /sso/saml-connection {"metadataXml":"<EntityDescriptor/>"}');
  });

  it('names the connected SAML IdP in German and warns when its certificate runs out soon', async () => {
    const soon = new Date(Date.now() + 5 * 24 * 3_600_000).toISOString();
    answerEachCall(() => [
      200,
      {
        ...adminView,
        connection: {
          protocol: 'saml',
          entityId: 'https://idp.acme.test/metadata',
          ssoUrl: 'https://idp.acme.test/sso',
          certificateExpiresAt: soon,
          updatedAt: '2026-11-22T10:00:00.000Z',
        },
      },
    ]);
    await renderPage('/sso-admin');
    const current = await screen.findByRole('region', { name: 'Identitätsanbieter' });
    expect(within(current).getByText('Verbunden per SAML: https://idp.acme.test/metadata')).toBeTruthy();
    expect(within(current).getByText(/Signaturzertifikat/).className).toBe('sso-admin__warning');
    expect(within(current).getByRole('button', { name: 'Verbindung entfernen' })).toBeTruthy();
  });

  it('when the view does not load, offers to try again', async () => {
    answerEachCall(() => [500, { error: { code: 'INTERNAL', message: 'Internal error' } }]);
    await renderPage('/en/sso-admin');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
