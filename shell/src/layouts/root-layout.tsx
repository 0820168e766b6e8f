import { parseRouteName, useLocale } from '@formwerk/platform';
import { ProgressBar } from '@formwerk/ui';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { applyLocale } from '../locale/locale-messages';
import { useNotificationStream } from '../notifications/notification-bell';
import { setPreviousLocation } from '../routing/navigation-state';

/**
 * Around every page: the navigation progress bar, the page language, the previous location, and the
 * signed-in user's notification stream.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const locale = useLocale();
  const location = useLocation();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { name?: string } | undefined)?.name;
  useNotificationStream();

  useLayoutEffect(() => {
    void applyLocale(locale);
  }, [locale]);

  useLayoutEffect(() => {
    if (name) setPreviousLocation({ name, pathname: location.pathname, search: location.search });
  }, [name, location.pathname, location.search]);

  return (
    <>
      <ProgressBar isActive={navigation.state !== 'idle'} label={t('loading.page')} />
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <Outlet />
      {name ? <span hidden data-route-name={name} data-locale={parseRouteName(name).locale} /> : null}
    </>
  );
}
