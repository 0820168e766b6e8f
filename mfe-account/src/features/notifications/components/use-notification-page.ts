import type { NotificationBox, NotificationListResponse } from '@formwerk/contracts';
import { useNotificationStore } from '@formwerk/platform';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import {
  archiveNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../api/notifications-api';

export type NotificationActions = {
  isBusy: boolean;
  setRead: (notificationId: string, isRead: boolean) => void;
  setArchived: (notificationId: string, isArchived: boolean) => void;
};

/**
 * One page of a box, read again whenever the shell's notification stream reports a change (a new
 * notification, or one read in another tab), and the actions on it.
 */
export function useNotificationPage(box: NotificationBox, page: number) {
  const [list, setList] = useState<NotificationListResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const streamed = useNotificationStore((state) => state.summary);

  const load = useCallback(() => {
    let isCurrent = true;
    listNotifications(box, page).then(
      (answer) => {
        if (!isCurrent) return;
        setList(answer);
        setErrorKey(null);
      },
      (error: unknown) => {
        if (isCurrent) setErrorKey(toErrorKey(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [box, page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new summary from the stream is the reason to read again
  useEffect(load, [load, streamed]);

  const run = (action: () => Promise<unknown>) => {
    setIsBusy(true);
    action()
      .then(load, (error: unknown) => setErrorKey(toErrorKey(error)))
      .finally(() => setIsBusy(false));
  };

  return {
    list,
    errorKey,
    isBusy,
    markAllRead: () => run(markAllNotificationsRead),
    setRead: (notificationId: string, isRead: boolean) => run(() => markNotificationRead(notificationId, isRead)),
    setArchived: (notificationId: string, isArchived: boolean) =>
      run(() => archiveNotification(notificationId, isArchived)),
  };
}
