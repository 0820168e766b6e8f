import type { InvitationPreview } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const token = 'b'.repeat(43);
const preview: InvitationPreview = {
  teamName: 'Acme',
  inviterName: 'Ada',
  email: 'grace@example.com',
  role: 'member',
  hasAccount: false,
};

describe('the invitation page', () => {
  it('when the token is unknown, shows the invitation as invalid', async () => {
    answerApi(404, { error: { code: 'LINK_INVALID', message: 'No such invitation' } });
    await renderPage(`/en/invite?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'This invitation is invalid or has expired' })).toBeTruthy();
  });

  it('for a guest whose address has an account, links to sign in and come back to the invitation', async () => {
    answerApi(200, { ...preview, hasAccount: true });
    await renderPage(`/en/invite?token=${token}`);
    const link = await screen.findByRole('link', { name: 'Sign in to accept' });
    const query = new URLSearchParams({ login: 'true', redirect: `/en/invite?token=${token}` });
    expect(link.getAttribute('href')).toBe(`/en?${query}`);
  });

  it('for a guest without an account, signs up in the page language and opens /v1', async () => {
    const fetch = answerApi(200, preview);
    const router = await renderPage(`/en/invite?token=${token}`);
    expect((await screen.findByLabelText<HTMLInputElement>('Email address')).value).toBe('grace@example.com');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Password (at least 10 characters)'), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1'));
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/v1/invitations/sign-up',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ token, name: 'Grace', password: 'correct horse battery', locale: 'en' }),
      }),
    );
  });
});
