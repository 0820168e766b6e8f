import type { TaskStatus } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';

/** The badge class of a task's state or a vote's outcome: its colour repeats what its words say. */
export function statusBadgeClass(status: TaskStatus): string {
  const tones: Record<TaskStatus, string> = {
    open: ' ui-badge--info',
    changesRequested: ' ui-badge--info',
    approved: ' ui-badge--success',
    rejected: ' ui-badge--danger',
    cancelled: '',
  };
  return `ui-badge${tones[status]}`;
}

/** A task's state as a labelled badge (its words carry the meaning, the colour only repeats it). */
export function ApprovalTaskStatus({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('approvals');
  return <span className={statusBadgeClass(status)}>{t(`inbox.status.${status}`)}</span>;
}
