import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { type Notice, toClosedNotice } from '../utils/task-notice';

type TaskActionsOptions = {
  /** Reads the task again, to show what the change did. */
  refresh: () => Promise<void>;
  onNotice: (notice: Notice) => void;
};

/**
 * Claiming, releasing and handing on a task: each runs, then the task is read again and the page says
 * what happened. A task someone finished meanwhile says who did.
 */
export function useTaskActions({ refresh, onNotice }: TaskActionsOptions) {
  const { t } = useTranslation('approvals');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  /** Resolves to whether the change went through. */
  const run = async (action: () => Promise<unknown>, notice: Notice): Promise<boolean> => {
    setErrorKey(null);
    setIsBusy(true);
    try {
      await action();
      onNotice(notice);
      return true;
    } catch (error) {
      const closedNotice = toClosedNotice(error, (status) => t(`inbox.status.${status}`));
      if (closedNotice) onNotice(closedNotice);
      else setErrorKey(toErrorKey(error));
      return false;
    } finally {
      // A task handed on may be no longer the reader's to see: the page then stays as it was, under the notice.
      await refresh().catch(() => undefined);
      setIsBusy(false);
    }
  };

  return { run, errorKey, isBusy };
}
