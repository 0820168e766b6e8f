import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type ApprovalDueDateProps = { dueAt: string | null; isOverdue: boolean };

/**
 * When a task is due. An overdue one says so in words and in bold as well as in red, so that colour is
 * not the only cue.
 */
export function ApprovalDueDate({ dueAt, isOverdue }: ApprovalDueDateProps) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  if (!dueAt) return <span className="ui-hint">{t('inbox.due.none')}</span>;
  const date = <time dateTime={dueAt}>{formatDateTime(new Date(dueAt), locale)}</time>;
  if (!isOverdue) return date;
  return (
    <span className="approval-due--overdue">
      {t('inbox.due.overdue')} · {date}
    </span>
  );
}
