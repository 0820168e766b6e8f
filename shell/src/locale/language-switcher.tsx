import { type Locale, localePath, parseRouteName, writeLocaleCookie } from '@formwerk/platform';
import { Trans } from 'react-i18next';
import { Link, useLocation, useMatches, useParams } from 'react-router';
import type { RouteHandle } from '../routing/route-handle';

/** The same page in the other language; pages without a route fall back to the other home page. */
function useAlternatePath(target: Locale): string {
  const matches = useMatches();
  const params = useParams();
  const { search } = useLocation();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const baseName = handle ? parseRouteName(handle.name).baseName : undefined;
  if (!baseName || baseName === 'not-found') return localePath('index', target);
  return `${localePath(baseName, target, params as Record<string, string>)}${search}`;
}

export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const target: Locale = locale === 'de' ? 'en' : 'de';
  const path = useAlternatePath(target);
  return (
    // It shows the other language's short name; its name goes on from there ("EN, Auf Englisch
    // anzeigen"), so that speech input finds it by the visible text (WCAG 2.5.3 Label in Name).
    <Link className="language-switcher" to={path} hrefLang={target} onClick={() => writeLocaleCookie(target)}>
      <Trans i18nKey="language.switch" components={{ hidden: <span className="ui-visually-hidden" /> }} />
    </Link>
  );
}
