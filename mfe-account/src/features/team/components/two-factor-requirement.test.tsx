import type { TeamResponse } from '@formwerk/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerEachCall, renderPage } from '../../../test/render-page';

const team = (change: Partial<TeamResponse> = {}): TeamResponse => ({
  teamId: 7,
  name: 'Acme HR',
  role: 'owner',
  members: [{ userId: 'u1', name: 'Olga', email: 'olga@example.com', role: 'owner' }],
  invitations: [],
  requireTwoFactor: false,
  ...change,
});

describe('the team’s two-step verification requirement', () => {
  it('is turned on by the owner; without it for themselves, the api’s refusal says where to set it up', async () => {
    let tries = 0;
    const calls = answerEachCall((call) => {
      if (call === 'GET /team') return [200, team()];
      tries += 1;
      if (tries === 1) return [409, { error: { code: 'TWO_FACTOR_SETUP_REQUIRED', message: 'first' } }];
      return [200, team({ requireTwoFactor: true })];
    });
    await renderPage('/en/v1/team');
    const toggle = (await screen.findByRole('switch', { name: 'Require for owners and admins' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Turn on two-step verification for yourself first.');
    expect(screen.getByRole('link', { name: 'Go to the security settings' }).getAttribute('href')).toBe(
      '/en/v1/profile?view=security',
    );
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    expect(await screen.findByText('Required: owners and admins sign in in two steps.')).toBeTruthy();
    expect(toggle.checked).toBe(true);
    expect(calls().filter((call) => call.startsWith('PATCH'))).toEqual([
      'PATCH /team/two-factor {"requireTwoFactor":true}',
      'PATCH /team/two-factor {"requireTwoFactor":true}',
    ]);
  });

  it('is not offered to a plain member', async () => {
    answerEachCall(() => [200, team({ role: 'member' })]);
    await renderPage('/en/v1/team');
    await screen.findByRole('heading', { name: 'Members' });
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
