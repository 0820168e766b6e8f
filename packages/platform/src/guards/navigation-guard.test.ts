import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../session/session-store';
import { decideNavigation, type GuardInput, toSafeRedirect } from './navigation-guard';

const user: CurrentUser = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  locale: 'de',
  survey: false,
  emailVerified: true,
  ownedTeamIds: [1],
};

function navigate(pathname: string, name: string, overrides: Partial<GuardInput> = {}, search = '') {
  const locale = name.endsWith('___en') ? 'en' : 'de';
  return decideNavigation({
    to: { name, pathname, search, locale },
    session: { user, teamId: 1 },
    ...overrides,
  });
}

describe('the v1 guard', () => {
  it('without a session, redirects to the index with the wanted full path and login=true', () => {
    expect(navigate('/v1/forms', 'v1-forms___de', { session: { user: null, teamId: null } }, '?page=2')).toEqual({
      type: 'redirect',
      to: '/?redirect=%2Fv1%2Fforms%3Fpage%3D2&login=true',
    });
    expect(navigate('/en/v1', 'v1___en', { session: { user: null, teamId: null } })).toEqual({
      type: 'redirect',
      to: '/en?redirect=%2Fen%2Fv1&login=true',
    });
  });

  it('with the survey flag set, redirects every other v1 page to the survey', () => {
    const session = { user: { ...user, survey: true }, teamId: 1 };
    expect(navigate('/en/v1/forms', 'v1-forms___en', { session })).toEqual({ type: 'redirect', to: '/en/v1/survey' });
    expect(navigate('/v1/survey', 'v1-survey___de', { session })).toEqual({ type: 'continue' });
  });

  it('without the survey flag, redirects the survey page to the v1 home', () => {
    expect(navigate('/v1/survey', 'v1-survey___de')).toEqual({ type: 'redirect', to: '/v1' });
  });

  it('leaves routes without v1 in their name alone', () => {
    expect(navigate('/kontakt', 'contact___de', { session: { user: null, teamId: null } })).toEqual({
      type: 'continue',
    });
  });

  it('when the previous route has the same name and carries a redirect, follows it once', () => {
    const from = { name: 'v1-forms___de', pathname: '/v1/forms', search: '?redirect=%2Fv1%2Fdocuments' };
    expect(navigate('/v1/forms', 'v1-forms___de', { from })).toEqual({ type: 'redirect', to: '/v1/documents' });
  });

  it('when that redirect points back to the target, does not loop', () => {
    const from = { name: 'v1-forms___de', pathname: '/v1/forms', search: '?redirect=%2Fv1%2Fforms' };
    expect(navigate('/v1/forms', 'v1-forms___de', { from })).toEqual({ type: 'continue' });
  });

  it('never follows a redirect to another site', () => {
    const from = { name: 'v1-forms___de', pathname: '/v1/forms', search: '?redirect=%2F%2Fevil.example' };
    expect(navigate('/v1/forms', 'v1-forms___de', { from })).toEqual({ type: 'continue' });
    expect(toSafeRedirect('https://evil.example')).toBeUndefined();
    expect(toSafeRedirect('/\\evil.example')).toBeUndefined();
    expect(toSafeRedirect('/v1/apps?x=1')).toBe('/v1/apps?x=1');
  });
});

describe('route middleware', () => {
  it('team-owner lets the owner of the current team pass and sends others to the v1 home', () => {
    const to = {
      name: 'v1-team___en',
      pathname: '/en/v1/team',
      search: '',
      locale: 'en' as const,
      middleware: ['team-owner'],
    };
    expect(decideNavigation({ to, session: { user, teamId: 1 } })).toEqual({ type: 'continue' });
    expect(decideNavigation({ to, session: { user, teamId: 2 } })).toEqual({ type: 'redirect', to: '/en/v1' });
  });

  it('un-auth sends a signed-in user away from guest pages and lets guests in', () => {
    const to = { name: 'reset___de', pathname: '/reset', search: '', locale: 'de' as const, middleware: ['un-auth'] };
    expect(decideNavigation({ to, session: { user, teamId: 1 } })).toEqual({ type: 'redirect', to: '/v1' });
    expect(decideNavigation({ to, session: { user: null, teamId: null } })).toEqual({ type: 'continue' });
  });

  it('a route naming a middleware nobody registered fails with "Unknown route middleware: {name}"', () => {
    const to = { name: 'test___de', pathname: '/test', search: '', locale: 'de' as const, middleware: ['admin-only'] };
    expect(() => decideNavigation({ to, session: { user, teamId: 1 } })).toThrow(
      'Unknown route middleware: admin-only',
    );
  });
});
