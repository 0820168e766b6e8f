import type { TaskStatus } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';

/** A task's state as a labelled badge (its words carry the meaning, the colour only repeats it). */
export function ApprovalTaskStatus({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('approvals');
  return <span className={`approval-badge approval-badge--${status}`}>{t(`inbox.status.${status}`)}</span>;
}
