import type { Locale } from '../locale/locale';
import { localePath } from '../routes/localized-routes';
import { type CurrentUser, isTeamOwner } from '../session/session-store';

export type GuardLocation = {
  /** Route name with locale suffix. */
  name: string;
  pathname: string;
  search: string;
};

export type GuardSession = { user: CurrentUser | null; teamId: number | null };

export type GuardInput = {
  to: GuardLocation & { locale: Locale; middleware?: readonly string[] };
  from?: GuardLocation | undefined;
  session: GuardSession;
};

export type GuardDecision = { type: 'continue' } | { type: 'redirect'; to: string };

const proceed: GuardDecision = { type: 'continue' };

type Middleware = (input: GuardInput) => GuardDecision;

const routeMiddleware: Record<string, Middleware> = {
  // Only the owner of the current team manages it (product-spec §6).
  'team-owner': ({ to, session }) =>
    isTeamOwner(session.user, session.teamId) ? proceed : { type: 'redirect', to: localePath('v1', to.locale) },
  // Guest-only pages: a signed-in user has nothing to do there.
  'un-auth': ({ to, session }) => (session.user ? { type: 'redirect', to: localePath('v1', to.locale) } : proceed),
};

function isV1Route(name: string): boolean {
  return name.split('___')[0]?.split('-').includes('v1') ?? false;
}

/** Only same-site paths are followed from a `redirect` query: no `//host` or `scheme:` targets. */
export function toSafeRedirect(value: string | null): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

function runV1Guard({ to, from, session }: GuardInput): GuardDecision {
  const targetQuery = new URLSearchParams(to.search);
  const fullPath = `${to.pathname}${to.search}`;
  const surveyPath = localePath('v1-survey', to.locale);
  const isSurvey = to.pathname === surveyPath;

  if (!session.user) {
    // A target that already carries a redirect is sent on with that redirect, never wrapped again.
    const redirect = toSafeRedirect(targetQuery.get('redirect')) ?? fullPath;
    const query = new URLSearchParams({ redirect, login: 'true' });
    return { type: 'redirect', to: `${localePath('index', to.locale)}?${query}` };
  }
  if (session.user.survey && !isSurvey) return { type: 'redirect', to: surveyPath };
  if (!session.user.survey && isSurvey) return { type: 'redirect', to: localePath('v1', to.locale) };

  // Case 4 of product-spec §4: leaving a page for the same route while it carries a redirect query
  // (typically right after signing in) follows that redirect once, unless it points back here.
  if (from && from.name === to.name) {
    const pending = toSafeRedirect(new URLSearchParams(from.search).get('redirect'));
    if (pending && pending !== fullPath && pending !== `${from.pathname}${from.search}`) {
      return { type: 'redirect', to: pending };
    }
  }
  return proceed;
}

/**
 * Decides one navigation: the v1 guard for every route whose name contains v1, then the route's
 * named middleware in order. Throws for a middleware name nobody registered (product-spec §8).
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  if (isV1Route(input.to.name)) {
    const decision = runV1Guard(input);
    if (decision.type === 'redirect') return decision;
  }
  for (const name of input.to.middleware ?? []) {
    const middleware = routeMiddleware[name];
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    const decision = middleware(input);
    if (decision.type === 'redirect') return decision;
  }
  return proceed;
}
