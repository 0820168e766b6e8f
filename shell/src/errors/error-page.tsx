import { localeOfPath, localePath } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadAt } from '../build-update/build-update';
import { applyLocale } from '../locale/locale-messages';
import type { RouteErrorData } from '../routing/route-errors';

type ErrorView = { status: number; title: string; message: string };

/** Status 500 by default; the status message if one was given; the error's own text as message (product-spec §8). */
function useErrorView(error: unknown): ErrorView {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    const details = error.data as Partial<RouteErrorData> | undefined;
    if (error.status === 404 && details?.path !== undefined) {
      return {
        status: 404,
        title: t('error.notFoundTitle'),
        message: t(details.fatal ? 'error.invalidPathMessage' : 'error.notFoundMessage', { path: details.path }),
      };
    }
    return {
      status: error.status,
      title: error.statusText || t(error.status === 404 ? 'error.notFoundTitle' : 'error.internalTitle'),
      message: details?.message ?? '',
    };
  }
  const message = error instanceof Error ? error.message : String(error ?? '');
  const unknownMiddleware = /^Unknown route middleware: (.+)$/.exec(message);
  return {
    status: 500,
    title: t('error.internalTitle'),
    message: unknownMiddleware ? t('error.unknownMiddleware', { name: unknownMiddleware[1] }) : message,
  };
}

/** The one error page for 404 and every other error. */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  const locale = localeOfPath(location.pathname);
  const view = useErrorView(error);

  useEffect(() => {
    void applyLocale(locale);
  }, [locale]);

  useEffect(() => {
    if (isChunkLoadError(error)) reloadAt(`${location.pathname}${location.search}`);
    else if (view.status >= 500) console.error(error);
  }, [error, location.pathname, location.search, view.status]);

  return (
    <main id="content" className="error-page" data-status={view.status}>
      <p className="error-page__status">{t('error.statusLabel', { status: view.status })}</p>
      <h1 className="error-page__title">{view.title}</h1>
      {view.message ? <p className="error-page__message">{view.message}</p> : null}
      <div className="error-page__actions">
        <Link className="ui-button ui-button--primary" to={localePath('index', locale)} reloadDocument>
          {t('error.backHome')}
        </Link>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </div>
    </main>
  );
}
