import {
  type MailMode,
  mailModeOf,
  mailModes,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationType,
  notificationDigestHour,
  notificationTypes,
  typesWithoutMailChoice,
} from '@formwerk/contracts';
import { Button, TableFrame } from '@formwerk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { findNotificationPreferences, saveNotificationPreferences } from '../api/notifications-api';

/** Instant mail and the digest exclude each other: one choice of three sets both flags. */
const withMailMode = (channels: NotificationChannels, mode: MailMode): NotificationChannels => ({
  ...channels,
  mail: mode === 'instant',
  digest: mode === 'digest',
});

/**
 * Per kind of notification: show it in the app (a checkbox), and by mail not at all, at once or in the
 * daily digest (one select, so the two mail choices can never both be on).
 */
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

  const change = (type: NotificationType, update: (channels: NotificationChannels) => NotificationChannels) => {
    setStatus(null);
    setPreferences((current) =>
      current ? { types: { ...current.types, [type]: update(current.types[type]) } } : current,
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
      <p className="account-card__hint">{t('notifications.settings.hint', { hour: notificationDigestHour })}</p>
      {preferences === null ? (
        status?.kind === 'error' ? (
          <p role="alert">{t(status.key)}</p>
        ) : (
          <p role="status">{t('loading')}</p>
        )
      ) : (
        <form onSubmit={save}>
          <TableFrame labelledBy="notification-settings">
            <table className="account-table notifications-settings" aria-labelledby="notification-settings">
              <thead>
                <tr>
                  <th scope="col">{t('notifications.settings.type')}</th>
                  <th scope="col">{t('notifications.settings.inApp')}</th>
                  <th scope="col">{t('notifications.settings.mail')}</th>
                </tr>
              </thead>
              <tbody>
                {notificationTypes.map((type) => {
                  const typeLabel = t(`notifications.settings.types.${type}`);
                  return (
                    <tr key={type}>
                      <th scope="row">{typeLabel}</th>
                      <td>
                        <input
                          type="checkbox"
                          checked={preferences.types[type].inApp}
                          onChange={(event) =>
                            change(type, (channels) => ({ ...channels, inApp: event.target.checked }))
                          }
                          aria-label={`${typeLabel}: ${t('notifications.settings.inApp')}`}
                        />
                      </td>
                      {typesWithoutMailChoice.includes(type) ? (
                        <td className="notifications-settings__elsewhere">{t('notifications.settings.mailPerForm')}</td>
                      ) : (
                        <td>
                          <select
                            value={mailModeOf(preferences.types[type])}
                            onChange={(event) =>
                              change(type, (channels) => withMailMode(channels, event.target.value as MailMode))
                            }
                            aria-label={`${typeLabel}: ${t('notifications.settings.mail')}`}
                          >
                            {mailModes.map((mode) => (
                              <option key={mode} value={mode}>
                                {t(`notifications.settings.mailModes.${mode}`)}
                              </option>
                            ))}
                          </select>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
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
