import {
  AppLink,
  defaultLocale,
  type Locale,
  type LocalizedRoute,
  localePath,
  locales,
  type RouteParams,
} from '@formwerk/platform';
import { PublicSiteFrame } from '@formwerk/ui';
import { Trans, useTranslation } from 'react-i18next';
import { namespace, type SitePage } from '../site-pages';

export type StaticDocumentProps = {
  route: LocalizedRoute;
  params: RouteParams;
  sitePage: SitePage;
  /** The site's origin, for the canonical and alternate links. */
  siteOrigin: string;
  islandSrc: string;
  /** The stylesheet, inlined: the first paint waits for no other request. */
  css: string;
};

/**
 * A whole static page: its head (title, description, canonical and alternates in both languages and
 * x-default for search engines) and the public site's frame around the area's page, as the shell's
 * public layout draws them. Its one script is the island (island.ts): the phone menu and the
 * language switcher.
 */
export function StaticDocument({ route, params, sitePage, siteOrigin, islandSrc, css }: StaticDocumentProps) {
  const { t } = useTranslation(namespace);
  const { component: Page } = sitePage;
  const { locale } = route;
  const otherLocale: Locale = locale === 'de' ? 'en' : 'de';
  const pathIn = (target: Locale) => localePath(route.baseName, target, params);
  const path = pathIn(locale);
  const keys = sitePage.textKeysOf?.(params) ?? {
    title: `pages.${route.page}.title`,
    description: `pages.${route.page}.description`,
  };
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${t(keys.title)} · ${t('site.appName')}`}</title>
        <meta name="description" content={t(keys.description)} />
        <link rel="canonical" href={`${siteOrigin}${path}`} />
        {locales.map((alternate) => (
          <link key={alternate} rel="alternate" hrefLang={alternate} href={`${siteOrigin}${pathIn(alternate)}`} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={`${siteOrigin}${pathIn(defaultLocale)}`} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* React writes a <style>'s text as it is; the shell's server allows this element by its hash. */}
        <style>{css}</style>
        <script src={islandSrc} defer />
        {sitePage.scripts?.map((script) => (
          <script key={script} src={script} defer />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#content">
          {t('site.skipToContent')}
        </a>
        <PublicSiteFrame
          texts={{
            appName: t('site.appName'),
            navigation: t('site.navigation'),
            menu: t('site.menu'),
            features: t('site.features'),
            pricing: t('site.pricing'),
            contact: t('site.contact'),
            legal: t('site.legal'),
            imprint: t('site.imprint'),
            dataProtection: t('site.dataProtection'),
            terms: t('site.terms'),
            copyright: t('site.copyright', { year: new Date().getFullYear() }),
          }}
          currentPath={path}
          // The app opens its login dialog at this address (the shell's server sends it the app).
          persistentActions={
            <AppLink to="index" query={{ login: 'true' }} className="ui-button ui-button--primary">
              {t('site.signIn')}
            </AppLink>
          }
          // As the app's: the other language's short name, then its whole name for screen readers
          // (WCAG 2.5.3 Label in Name). The island keeps the query and records the choice.
          languageSwitcher={
            <a className="language-switcher" href={pathIn(otherLocale)} hrefLang={otherLocale}>
              <Trans
                t={t}
                i18nKey="site.switchLanguage"
                components={{ hidden: <span className="ui-visually-hidden" /> }}
              />
            </a>
          }
        >
          <div className="area area--marketing" data-area="marketing">
            <Page />
          </div>
        </PublicSiteFrame>
        <span hidden data-route-name={route.localizedName} data-locale={locale} />
      </body>
    </html>
  );
}
