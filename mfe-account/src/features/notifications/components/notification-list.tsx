import type { Notification } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale, useNotificationSentence } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import type { NotificationActions } from './use-notification-page';

type NotificationListProps = { notifications: Notification[]; actions: NotificationActions };

/** Notifications as a list that reads the same on a phone and a desktop: the sentence, the time, the actions. */
export function NotificationList({ notifications, actions }: NotificationListProps) {
  const { t } = useTranslation('account');
  const sentence = useNotificationSentence();
  const locale = useLocale();
  return (
    <ul className="notifications-list">
      {notifications.map((notification) => {
        const text = sentence(notification);
        return (
          <li
            key={notification.id}
            className="notifications-list__item"
            data-unread={notification.isRead ? undefined : ''}
          >
            <div className="notifications-list__text">
              {notification.isRead ? null : <span className="ui-visually-hidden">{t('notifications.unread')}: </span>}
              {notification.link ? (
                <AppLink
                  to={notification.link.route}
                  params={notification.link.params}
                  onClick={() => {
                    if (!notification.isRead) actions.setRead(notification.id, true);
                  }}
                >
                  {text}
                </AppLink>
              ) : (
                <span>{text}</span>
              )}
              <time dateTime={notification.createdAt}>{formatDateTime(new Date(notification.createdAt), locale)}</time>
            </div>
            <div className="notifications-list__actions">
              <Button
                variant="ghost"
                disabled={actions.isBusy}
                onClick={() => actions.setRead(notification.id, !notification.isRead)}
                aria-label={t(notification.isRead ? 'notifications.markUnreadOf' : 'notifications.markReadOf', {
                  text,
                })}
              >
                {t(notification.isRead ? 'notifications.markUnread' : 'notifications.markRead')}
              </Button>
              <Button
                variant="ghost"
                disabled={actions.isBusy}
                onClick={() => actions.setArchived(notification.id, !notification.isArchived)}
                aria-label={t(notification.isArchived ? 'notifications.restoreOf' : 'notifications.archiveOf', {
                  text,
                })}
              >
                {t(notification.isArchived ? 'notifications.restore' : 'notifications.archive')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
