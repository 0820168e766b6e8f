import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const token = 'a'.repeat(43);

function fillIn(password: string, repeatedPassword: string) {
  fireEvent.change(screen.getByLabelText('New password (at least 10 characters)'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeatedPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('the reset page', () => {
  it('when the two passwords differ, says so without calling the api', async () => {
    const fetch = answerApi(200, {});
    await renderPage(`/en/reset?token=${token}`);
    fillIn('correct horse battery', 'correct horse battery staple');
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without a token, shows the invalid link and where to request a new one, without calling the api', async () => {
    const fetch = answerApi(200, {});
    await renderPage('/en/reset');
    expect(screen.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/en/forgot-password');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the api rejects the link, shows the invalid link instead of the form', async () => {
    answerApi(400, { error: { code: 'LINK_INVALID', message: 'The reset link is invalid, used or expired' } });
    await renderPage(`/en/reset?token=${token}`);
    fillIn('correct horse battery', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'This link is invalid or has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });

  it('after the new password is set, sends the token and password and opens /v1 in the page language', async () => {
    const fetch = answerApi(200, { user: {}, teamId: 1 });
    const router = await renderPage(`/en/reset?token=${token}`);
    fillIn('correct horse battery', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/auth/reset-password',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token, password: 'correct horse battery' }) }),
    );
  });

  it('for an account with two-step sign-in, hands over to the login dialog for the code, then /v1', async () => {
    answerApi(200, { step: 'two-factor' });
    const router = await renderPage(`/en/reset?token=${token}`);
    fillIn('correct horse battery', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      login: 'true',
      loginStep: 'two-factor',
      redirect: '/en/v1',
    });
  });
});
