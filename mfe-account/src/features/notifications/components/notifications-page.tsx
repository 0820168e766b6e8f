import type { NotificationBox } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/account.css';
import './notifications.css';
import { NotificationList } from './notification-list';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { useNotificationPage } from './use-notification-page';

const views = ['inbox', 'unread', 'archive', 'settings'] as const;
type View = (typeof views)[number];

const isView = (value: string | null): value is View => views.includes(value as View);

/** /v1/notifications: the user's notification centre (inbox, unread, archive) and what they want to get. */
export function NotificationsPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('view');
  const view: View = isView(requested) ? requested : 'inbox';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.notifications.title')}
        description={t('pages.notifications.description')}
      />
      <nav className="ui-tabs" aria-label={t('notifications.views.label')}>
        {views.map((key) => (
          <AppLink
            key={key}
            to="v1-notifications"
            query={key === 'inbox' ? undefined : { view: key }}
            aria-current={key === view ? 'page' : undefined}
          >
            {t(`notifications.views.${key}`)}
          </AppLink>
        ))}
      </nav>
      {view === 'settings' ? <NotificationPreferencesForm /> : <NotificationBoxView box={view} page={page} />}
    </>
  );
}

function NotificationBoxView({ box, page }: { box: NotificationBox; page: number }) {
  const { t } = useTranslation('account');
  const state = useNotificationPage(box, page);
  const [, setSearchParams] = useSearchParams();
  const pageCount = state.list ? Math.max(1, Math.ceil(state.list.total / state.list.pageSize)) : 1;
  const goTo = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });

  return (
    <section className="account-card account-card--wide" aria-labelledby="notifications-box">
      <div className="notifications-box__head">
        <h2 id="notifications-box">{t(`notifications.views.${box}`)}</h2>
        {box !== 'archive' ? (
          <Button variant="secondary" onClick={state.markAllRead} disabled={state.isBusy}>
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </div>
      {state.errorKey ? <p role="alert">{t(state.errorKey)}</p> : null}
      {state.list === null ? (
        state.errorKey ? null : (
          <p role="status">{t('loading')}</p>
        )
      ) : state.list.notifications.length === 0 ? (
        <p className="notifications-empty">{t(`notifications.empty.${box}`)}</p>
      ) : (
        <>
          <NotificationList notifications={state.list.notifications} actions={state} />
          {pageCount > 1 ? (
            <nav className="notifications-pages" aria-label={t('notifications.pages.label')}>
              <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
                {t('notifications.pages.previous')}
              </Button>
              <span>{t('notifications.pages.position', { page, pageCount })}</span>
              <Button variant="secondary" onClick={() => goTo(page + 1)} disabled={page >= pageCount}>
                {t('notifications.pages.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
