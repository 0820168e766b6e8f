import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { acceptInvitation, answerSurvey, invite, signUp } from '../support/session';

// Every session here is a real account made through the api: its cookies are the ones the api sets.
test.describe('guard of every v1 route (product-spec §4)', () => {
  test('without a session, sends to the index with the wanted path and the login flag', async ({ page }) => {
    await page.goto('/v1/forms/abc/share?tab=qr');
    await expect(page).toHaveURL('/?redirect=%2Fv1%2Fforms%2Fabc%2Fshare%3Ftab%3Dqr&login=true');
    await page.goto('/en/v1/submissions');
    await expect(page).toHaveURL('/en?redirect=%2Fen%2Fv1%2Fsubmissions&login=true');
  });

  test('with the survey flag set (a new account), sends every v1 page to the survey', async ({ page }) => {
    await signUp(page.request);
    await page.goto('/v1/forms');
    await expect(page).toHaveURL('/v1/survey');
    await page.goto('/en/v1/documents');
    await expect(page).toHaveURL('/en/v1/survey');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! A few short questions');
  });

  test('without the survey flag, the survey page sends to the v1 home', async ({ page }) => {
    await signUp(page.request);
    await answerSurvey(page.request);
    await page.goto('/v1/survey');
    await expect(page).toHaveURL('/v1');
    await page.goto('/en/v1/survey');
    await expect(page).toHaveURL('/en/v1');
  });

  test('a target that already carries a redirect is not wrapped into another one', async ({ page }) => {
    await page.goto('/v1/forms?redirect=%2Fv1%2Fapps');
    await expect(page).toHaveURL('/?redirect=%2Fv1%2Fapps&login=true');
  });

  test('leaving a page for the same route follows its redirect query once, without a loop', async ({ page }) => {
    await signUp(page.request);
    await answerSurvey(page.request);
    await page.goto('/v1/forms?redirect=%2Fv1%2Fdocuments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formulare');
    // The navigation link leads to the same route (v1-forms___de): the pending redirect wins.
    await page.getByRole('navigation').getByRole('link', { name: 'Formulare' }).click();
    await expect(page).toHaveURL('/v1/documents');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dokumente');
  });
});

test.describe('route middleware (product-spec §6)', () => {
  test('team-owner lets the owner of the current team in and sends a member of it to the v1 home', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUp(page.request, 'Olga Owner');
    await answerSurvey(page.request);
    await page.goto('/v1/team/groups');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppen');

    const memberPage = await browser.newPage({ baseURL: baseURL as string });
    const { email } = await signUp(memberPage.request, 'Mia Member');
    await answerSurvey(memberPage.request);
    await invite(page.request, email);
    await acceptInvitation(memberPage.request, await waitForMailLink(email, /Team/));
    await memberPage.goto('/v1/team');
    await expect(memberPage).toHaveURL('/v1');
    await memberPage.goto('/en/v1/team/groups');
    await expect(memberPage).toHaveURL('/en/v1');
    // The header offers no team page to a member.
    await expect(memberPage.getByRole('navigation').getByRole('link', { name: 'Team' })).toHaveCount(0);
    await memberPage.close();
  });

  test('un-auth keeps signed-in users away from guest pages', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen');
    await signUp(page.request);
    await answerSurvey(page.request);
    await page.goto('/en/forgot-password');
    await expect(page).toHaveURL('/en/v1');
    await page.goto('/verify?result=verified');
    await expect(page).toHaveURL('/v1');
  });
});
