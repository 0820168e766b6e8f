import { AppLink } from '@formwerk/platform';
import type { ReactNode } from 'react';
import { HeaderLink } from './header-link';
import { ResponsiveHeader } from './responsive-header';
import { SiteBrand } from './site-brand';

/** The frame's words, in the page's language: the shell's `common` ones, or the marketing area's. */
export type PublicSiteTexts = {
  appName: string;
  /** The header navigation's name. */
  navigation: string;
  menu: string;
  features: string;
  pricing: string;
  contact: string;
  /** The footer navigation's name. */
  legal: string;
  imprint: string;
  dataProtection: string;
  terms: string;
  copyright: string;
};

type PublicSiteFrameProps = {
  texts: PublicSiteTexts;
  /** The path of the page shown: it marks the current section and closes the phone menu when it changes. */
  currentPath: string;
  /** The sign-in, or the way into the app for a signed-in user: beside the menu button on a phone too. */
  persistentActions: ReactNode;
  languageSwitcher: ReactNode;
  children: ReactNode;
};

/**
 * The public site around a page: header, content and footer. The shell's public layout and the
 * marketing area's pre-rendered pages (docs/decisions/024-static-marketing-pages.md) both draw it, so
 * a guest's static page and the same page in the app look and link alike.
 */
export function PublicSiteFrame({
  texts,
  currentPath,
  persistentActions,
  languageSwitcher,
  children,
}: PublicSiteFrameProps) {
  return (
    <div className="layout layout--public">
      <ResponsiveHeader
        brand={<SiteBrand home="index" name={texts.appName} />}
        navigation={
          <>
            <HeaderLink to="features" currentPath={currentPath}>
              {texts.features}
            </HeaderLink>
            <HeaderLink to="pricing" currentPath={currentPath}>
              {texts.pricing}
            </HeaderLink>
            <HeaderLink to="contact" currentPath={currentPath}>
              {texts.contact}
            </HeaderLink>
          </>
        }
        navigationLabel={texts.navigation}
        actions={languageSwitcher}
        persistentActions={persistentActions}
        menuLabel={texts.menu}
        closeKey={currentPath}
      />
      <main id="content" className="layout__content">
        {children}
      </main>
      <footer className="site-footer">
        <span>{texts.copyright}</span>
        <nav aria-label={texts.legal}>
          <AppLink to="imprint">{texts.imprint}</AppLink>
          <AppLink to="data-protection">{texts.dataProtection}</AppLink>
          <AppLink to="terms">{texts.terms}</AppLink>
          <AppLink to="contact">{texts.contact}</AppLink>
        </nav>
      </footer>
    </div>
  );
}
