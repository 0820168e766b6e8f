import type { Absence, WorkflowListResponse } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAbsence } from '../api/absence-api';
import type { OnDemand } from '../hooks/use-on-demand';
import { lastDayOf } from '../utils/absence-days';
import { absenceErrorKey } from '../utils/absence-error-key';

type AbsenceSummaryProps = {
  absence: Absence;
  workflows: OnDemand<WorkflowListResponse>;
  /** "Change", where the card puts focus back after the form. */
  changeButton: RefObject<HTMLButtonElement | null>;
  onChange: () => void;
  onEnded: () => void;
};

// The api says whether the absence is in force; one not in force is still to come or past.
const statusOf = (absence: Absence) => {
  if (absence.isActive) return 'active';
  return Date.parse(absence.from) > Date.now() ? 'planned' : 'over';
};

/** The absence set: when, who stands in, for which workflows and open tasks; changed or ended from here. */
export function AbsenceSummary({ absence, workflows, changeButton, onChange, onEnded }: AbsenceSummaryProps) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEnding, setIsEnding] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const status = statusOf(absence);

  const onEnd = async () => {
    setIsConfirming(false);
    setIsEnding(true);
    setErrorKey(null);
    try {
      await deleteAbsence();
      onEnded();
    } catch (error) {
      setErrorKey(absenceErrorKey(error));
      setIsEnding(false);
    }
  };

  return (
    <>
      <p>
        <span className={status === 'active' ? 'ui-badge ui-badge--info' : 'ui-badge'}>
          {t(`absence.status.${status}`)}
        </span>
      </p>
      <dl className="approval-facts">
        <dt>{t('absence.summary.period')}</dt>
        <dd>
          {t('absence.summary.periodText', {
            from: formatDate(new Date(absence.from), locale),
            until: formatDate(lastDayOf(absence.until), locale),
          })}
        </dd>
        <dt>{t('absence.summary.delegate')}</dt>
        <dd>
          {absence.delegate.name} ({absence.delegate.email})
        </dd>
        <dt>{t('absence.summary.workflows')}</dt>
        <dd>
          <WorkflowNames workflowIds={absence.workflowIds} workflows={workflows.result} />
        </dd>
        <dt>{t('absence.summary.openTasks')}</dt>
        <dd>
          {absence.includeOpen
            ? t('absence.summary.openTasksMoved', { name: absence.delegate.name })
            : t('absence.summary.openTasksKept')}
        </dd>
      </dl>
      <div className="ui-toolbar">
        <button ref={changeButton} type="button" className="ui-button ui-button--secondary" onClick={onChange}>
          {t('absence.change')}
        </button>
        <Button variant="secondary" disabled={isEnding} onClick={() => setIsConfirming(true)}>
          {t('absence.end')}
        </Button>
      </div>
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('absence.endDialog.title')}
        confirmLabel={t('absence.endDialog.confirm')}
        cancelLabel={t('absence.cancel')}
        onConfirm={onEnd}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('absence.endDialog.text', { name: absence.delegate.name })}</p>
      </ConfirmDialog>
    </>
  );
}

/** The workflows by name once the team's list is read; until then (or if it cannot be read) how many. */
function WorkflowNames({ workflowIds, workflows }: { workflowIds: string[]; workflows: WorkflowListResponse | null }) {
  const { t } = useTranslation('approvals');
  if (workflowIds.length === 0) return t('absence.summary.allWorkflows');
  if (!workflows) return t('absence.summary.chosenWorkflows', { count: workflowIds.length });
  return (
    <ul className="absence-workflow-names">
      {workflowIds.map((id) => (
        <li key={id}>
          {workflows.workflows.find((workflow) => workflow.id === id)?.name ?? t('absence.summary.unknownWorkflow')}
        </li>
      ))}
    </ul>
  );
}
