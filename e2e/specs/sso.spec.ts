import { expect, test } from '@playwright/test';
import { signUpReady } from '../support/session';

// Team SSO of issue 17 as far as the started site goes without an identity provider or DNS of its own
// (the sign-ins themselves are the api's tests, against oidc-provider and a samlify IdP): the owner's
// /sso-admin with the TXT record of a new domain and this team's SAML service provider to copy, on a
// phone's width too, and /sso refusing an address no team has verified.

test('a team owner sets up single sign-on at /sso-admin, on a phone too', async ({ page }) => {
  await signUpReady(page.request, 'Olga Owner', 'en');
  const domain = `e2e-${Date.now().toString(36)}.test`;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/en/sso-admin');
    await expect(page.getByRole('heading', { name: 'Domains' })).toBeVisible();
    const saml = page.getByRole('region', { name: 'SAML connection' });
    await expect(saml.getByLabel('Assertion Consumer Service URL')).toHaveValue(/\/api\/v1\/sso\/saml\/\d+\/acs$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const domains = page.getByRole('region', { name: 'Domains' });
  await domains.getByLabel('Domain', { exact: true }).fill(domain);
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains.getByLabel('Record name')).toHaveValue(`_formwerk-sso.${domain}`);
  await expect(domains.getByText('Not verified')).toBeVisible();
});

test('/sso says when no team offers single sign-on for the address (de)', async ({ page }) => {
  await page.goto('/sso');
  await page.getByLabel('E-Mail-Adresse').fill('kim@nobody-verified-this.test');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Für diese Adresse ist keine Anmeldung per Single Sign-on eingerichtet.',
  );
});
