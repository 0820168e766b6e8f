import type { Notification } from '@formwerk/contracts';
import {
  AppLink,
  apiRequest,
  connectNotificationStream,
  useNotificationSentence,
  useNotificationStore,
  useSessionStore,
} from '@formwerk/platform';
import { Icon, useDisclosure } from '@formwerk/ui';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './notification-bell.css';

/** The one stream of the signed-in user's notifications, opened by the shell for every area. */
export function useNotificationStream(): void {
  const userId = useSessionStore((state) => state.user?.id);
  useEffect(() => (userId ? connectNotificationStream() : undefined), [userId]);
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const sentence = useNotificationSentence();
  const { i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(notification.createdAt),
  );
  const text = (
    <>
      <span className="notification-bell__sentence">{sentence(notification)}</span>
      <time className="notification-bell__time" dateTime={notification.createdAt}>
        {time}
      </time>
    </>
  );
  return (
    <li className="notification-bell__item" data-unread={notification.isRead ? undefined : ''}>
      {notification.link ? (
        <AppLink to={notification.link.route} params={notification.link.params} onClick={onOpen}>
          {text}
        </AppLink>
      ) : (
        <div>{text}</div>
      )}
    </li>
  );
}

/** The header's bell: the unread count on it, the newest notifications under it, all of them one click on. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const summary = useNotificationStore((state) => state.summary);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { isOpen, toggle, close } = useDisclosure({ trigger, panel, closeKey: pathname });
  const unread = summary?.unread ?? 0;
  const shownCount = unread > 99 ? '99+' : String(unread);

  const markRead = (notification: Notification) => {
    close();
    if (!notification.isRead) {
      void apiRequest(`/notifications/${notification.id}/read`, { method: 'POST', body: { isRead: true } });
    }
  };

  return (
    <div className="notification-bell">
      <button
        ref={trigger}
        type="button"
        className="notification-bell__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon icon={Bell} />
        <span className="ui-visually-hidden">
          {unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        </span>
        {unread > 0 ? (
          <span className="notification-bell__badge" aria-hidden="true">
            {shownCount}
          </span>
        ) : null}
      </button>
      <div ref={panel} id={panelId} className="notification-bell__panel" hidden={!isOpen}>
        <h2 className="notification-bell__heading">{t('notifications.heading')}</h2>
        {summary === null ? (
          <p className="notification-bell__empty">{t('notifications.loading')}</p>
        ) : summary.latest.length === 0 ? (
          <p className="notification-bell__empty">{t('notifications.empty')}</p>
        ) : (
          <ul className="notification-bell__list">
            {summary.latest.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => markRead(notification)}
              />
            ))}
          </ul>
        )}
        <AppLink to="v1-notifications" className="notification-bell__all" onClick={close}>
          {t('notifications.all')}
        </AppLink>
      </div>
    </div>
  );
}
