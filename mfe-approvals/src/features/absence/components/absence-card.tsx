import type { Absence, WorkflowListResponse, WorkflowPeopleResponse } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/approval-pages.css';
import { listPeople, listWorkflows } from '../api/absence-api';
import { useAbsence } from '../hooks/use-absence';
import { type OnDemand, useOnDemand } from '../hooks/use-on-demand';
import { AbsenceForm } from './absence-form';
import { AbsenceSummary } from './absence-summary';
import './absence.css';

/**
 * "Absence and delegate" on the approvals overview: the reader's absence, or none, and the form that
 * sets or changes it. While it lasts, new tasks go to the delegate, who decides "for" the reader.
 */
export function AbsenceCard() {
  const { t } = useTranslation('approvals');
  const headingId = useId();
  const { load, retry, replace } = useAbsence();
  const absence = load.status === 'ready' ? load.absence : null;
  const [isEditing, setIsEditing] = useState(false);
  const [noticeKey, setNoticeKey] = useState<string | null>(null);
  const workflows = useOnDemand(listWorkflows, isEditing || (absence?.workflowIds.length ?? 0) > 0);
  const people = useOnDemand(listPeople, isEditing);
  // The first button of the card's view ("Change" or "Set an absence"): where focus goes back once the
  // form closes or the absence ended, since the control that had it is gone.
  const actionButton = useRef<HTMLButtonElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // In the commit that swaps the view, so focus is never left on the body in between.
  useLayoutEffect(() => {
    if (focusRequest > 0) actionButton.current?.focus();
  }, [focusRequest]);

  const showView = (notice: string | null) => {
    setIsEditing(false);
    setNoticeKey(notice);
    setFocusRequest((count) => count + 1);
  };
  const edit = () => {
    setNoticeKey(null);
    setIsEditing(true);
  };

  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('absence.title')}</h2>
      <p className="ui-hint">{t('absence.intro')}</p>
      <p role="status" className="approval-status">
        {noticeKey ? t(noticeKey) : null}
      </p>
      {load.status === 'loading' ? <p role="status">{t('absence.loading')}</p> : null}
      {load.status === 'failed' ? (
        <div className="absence-failure">
          <p role="alert" className="ui-error">
            {t(load.errorKey)}
          </p>
          <Button variant="secondary" onClick={retry}>
            {t('absence.retry')}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <AbsenceBody
          absence={absence}
          isEditing={isEditing}
          people={people}
          workflows={workflows}
          actionButton={actionButton}
          onEdit={edit}
          onSaved={(saved) => {
            replace(saved);
            showView('absence.saved');
          }}
          onCancel={() => showView(null)}
          onEnded={() => {
            replace(null);
            showView('absence.ended');
          }}
        />
      ) : null}
    </section>
  );
}

type AbsenceBodyProps = {
  absence: Absence | null;
  isEditing: boolean;
  people: OnDemand<WorkflowPeopleResponse>;
  workflows: OnDemand<WorkflowListResponse>;
  actionButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onSaved: (absence: Absence | null) => void;
  onCancel: () => void;
  onEnded: () => void;
};

/** The form, the absence set, or the word that there is none. */
function AbsenceBody(props: AbsenceBodyProps) {
  const { absence, isEditing, people, workflows, actionButton, onEdit, onSaved, onCancel, onEnded } = props;
  const { t } = useTranslation('approvals');
  if (isEditing) {
    return (
      <AbsenceForm absence={absence} people={people} workflows={workflows} onSaved={onSaved} onCancel={onCancel} />
    );
  }
  if (absence) {
    return (
      <AbsenceSummary
        absence={absence}
        workflows={workflows}
        changeButton={actionButton}
        onChange={onEdit}
        onEnded={onEnded}
      />
    );
  }
  return (
    <>
      <p>{t('absence.none')}</p>
      <div className="ui-toolbar">
        <button ref={actionButton} type="button" className="ui-button ui-button--secondary" onClick={onEdit}>
          {t('absence.set')}
        </button>
      </div>
    </>
  );
}
