import {
  type NotificationPreferences,
  type NotificationType,
  notificationTypes,
  typesWithoutMailChoice,
} from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { findNotificationPreferences, saveNotificationPreferences } from '../api/notifications-api';

// The channels offered: in the app and by mail at once. (A daily digest is part of the contract and
// comes with its mail job.)
const channels = ['inApp', 'mail'] as const;

/** Per kind of notification: show it in the app, send a mail. */
export function NotificationPreferencesForm() {
  const { t } = useTranslation('account');
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; key: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    findNotificationPreferences().then(setPreferences, (error: unknown) =>
      setStatus({ kind: 'error', key: toErrorKey(error) }),
    );
  }, []);

  const toggle = (type: NotificationType, channel: (typeof channels)[number], isOn: boolean) => {
    setStatus(null);
    setPreferences((current) =>
      current ? { types: { ...current.types, [type]: { ...current.types[type], [channel]: isOn } } } : current,
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!preferences) return;
    setIsSaving(true);
    saveNotificationPreferences(preferences)
      .then(
        (saved) => {
          setPreferences(saved);
          setStatus({ kind: 'saved', key: 'notifications.settings.saved' });
        },
        (error: unknown) => setStatus({ kind: 'error', key: toErrorKey(error) }),
      )
      .finally(() => setIsSaving(false));
  };

  return (
    <section className="account-card account-card--wide" aria-labelledby="notification-settings">
      <h2 id="notification-settings">{t('notifications.views.settings')}</h2>
      <p className="account-card__hint">{t('notifications.settings.hint')}</p>
      {preferences === null ? (
        status?.kind === 'error' ? (
          <p role="alert">{t(status.key)}</p>
        ) : (
          <p role="status">{t('loading')}</p>
        )
      ) : (
        <form onSubmit={save}>
          <table className="account-table notifications-settings">
            <thead>
              <tr>
                <th scope="col">{t('notifications.settings.type')}</th>
                {channels.map((channel) => (
                  <th key={channel} scope="col">
                    {t(`notifications.settings.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {notificationTypes.map((type) => (
                <tr key={type}>
                  <th scope="row">{t(`notifications.settings.types.${type}`)}</th>
                  {channels.map((channel) =>
                    channel === 'mail' && typesWithoutMailChoice.includes(type) ? (
                      <td key={channel} className="notifications-settings__elsewhere">
                        {t('notifications.settings.mailPerForm')}
                      </td>
                    ) : (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          checked={preferences.types[type][channel]}
                          onChange={(event) => toggle(type, channel, event.target.checked)}
                          aria-label={`${t(`notifications.settings.types.${type}`)}: ${t(`notifications.settings.${channel}`)}`}
                        />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="account-card__actions">
            <Button type="submit" disabled={isSaving}>
              {t('notifications.settings.save')}
            </Button>
            <span role="status">{status?.kind === 'saved' ? t(status.key) : null}</span>
          </div>
          {status?.kind === 'error' ? <p role="alert">{t(status.key)}</p> : null}
        </form>
      )}
    </section>
  );
}
