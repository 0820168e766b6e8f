import type { Notification } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';

/** The sentence of a notification in the page's language, from its type and parameters. */
export function useNotificationSentence(): (notification: Notification) => string {
  const { t } = useTranslation('platform');
  return (notification) =>
    t(`notifications.types.${notification.type}`, {
      ...notification.params,
      // requestDecided reads "Approved: …", "Rejected: …" by the outcome it carries.
      context: notification.params.outcome,
    });
}
