import type { TaskDetailResponse } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import type { Decision } from '../hooks/use-decision';
import { commentInputId } from '../utils/task-fields';

/**
 * The comment box: a comment goes with a decision, or alone. That rejecting and requesting changes need
 * one is said beside the box before anything is sent.
 */
export function TaskComment({ decision, canDecide }: { decision: Decision; canDecide: boolean }) {
  const { t } = useTranslation('approvals');
  const errorKey = decision.fieldErrors[commentInputId];
  const hintId = `${commentInputId}-hint`;
  const errorId = `${commentInputId}-error`;
  return (
    <section className="ui-card" aria-labelledby="task-comment-title">
      <h2 id="task-comment-title">{t(canDecide ? 'inbox.task.decisionTitle' : 'inbox.task.commentTitle')}</h2>
      <div className="ui-field">
        <label htmlFor={commentInputId}>{t('inbox.task.comment')}</label>
        <textarea
          id={commentInputId}
          rows={3}
          maxLength={2000}
          value={decision.comment}
          aria-describedby={errorKey ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errorKey ? true : undefined}
          onChange={(event) => decision.setComment(event.target.value)}
        />
        <span id={hintId} className="ui-field__hint">
          {t(canDecide ? 'inbox.task.commentHint' : 'inbox.task.commentOnlyHint')}
        </span>
        {errorKey ? (
          <span id={errorId} className="ui-field__error">
            {t(errorKey)}
          </span>
        ) : null}
      </div>
      {!canDecide && decision.errorKey ? (
        <p role="alert" className="ui-error">
          {t(decision.errorKey)}
        </p>
      ) : null}
      <div className="ui-toolbar">
        <Button variant="secondary" disabled={decision.isSending} onClick={decision.sendComment}>
          {t('inbox.task.sendComment')}
        </Button>
      </div>
    </section>
  );
}

/**
 * Approve, reject, request changes: a bar that stays at the bottom of a phone's screen while the
 * answers scroll past, with what went wrong right above the buttons.
 */
export function TaskDecisionBar({ decision }: { decision: Decision }) {
  const { t } = useTranslation('approvals');
  return (
    <div className="task-decision-bar">
      {decision.errorKey ? (
        <p role="alert" className="ui-error">
          {t(decision.errorKey)}
        </p>
      ) : null}
      <div className="task-decision-bar__buttons">
        <Button disabled={decision.isSending} onClick={() => decision.decide('approve')}>
          {t('inbox.task.approve')}
        </Button>
        <Button variant="secondary" disabled={decision.isSending} onClick={() => decision.decide('requestChanges')}>
          {t('inbox.task.requestChanges')}
        </Button>
        <Button
          variant="secondary"
          className="task-decision-bar__reject"
          disabled={decision.isSending}
          onClick={() => decision.decide('reject')}
        >
          {t('inbox.task.reject')}
        </Button>
      </div>
    </div>
  );
}

type WhyNoDecisionProps = { detail: TaskDetailResponse; onClaim: () => void; isBusy: boolean };

/** An open task the reader cannot decide: why, and for a pool task the way to take it. */
export function WhyNoDecision({ detail, onClaim, isBusy }: WhyNoDecisionProps) {
  const { t } = useTranslation('approvals');
  const { task, can } = detail;
  const reasonKey = can.isOwnRequest
    ? 'inbox.task.why.ownRequest'
    : can.claim
      ? 'inbox.task.why.claimFirst'
      : task.mode === 'pool' && task.claimedBy
        ? 'inbox.task.why.claimedByOther'
        : 'inbox.task.why.notAssigned';
  return (
    <section className="ui-card task-why" aria-labelledby="task-why">
      <h2 id="task-why">{t('inbox.task.why.title')}</h2>
      <p>{t(reasonKey, { name: task.claimedBy ?? '' })}</p>
      {can.claim ? (
        <div className="ui-toolbar">
          <Button disabled={isBusy} onClick={onClaim}>
            {t('inbox.task.claim')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
