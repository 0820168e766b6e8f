import { expect, test } from '@playwright/test';
import { csrfHeaders, openVerificationLink, uniqueEmail } from '../support/session';

test('the cookies the verification link sets are the session the shell shows, until logout clears them', async ({
  page,
}) => {
  const email = uniqueEmail();
  const signUp = await page.request.post('/api/v1/auth/sign-up', {
    data: { name: 'Grace Hopper', email, password: 'a long enough password', locale: 'en' },
  });
  expect(signUp.status()).toBe(202);
  await openVerificationLink(page.request, email, 'en');

  // A new account has the survey flag set: every v1 page leads to the survey (product-spec §4).
  await page.goto('/en/v1/forms');
  await expect(page).toHaveURL('/en/v1/survey');
  await expect(page.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();

  const headers = await csrfHeaders(page.request);
  expect((await page.request.post('/api/v1/auth/logout', { headers })).status()).toBe(204);
  await page.goto('/en/v1/forms');
  await expect(page).toHaveURL('/en?redirect=%2Fen%2Fv1%2Fforms&login=true');
});
