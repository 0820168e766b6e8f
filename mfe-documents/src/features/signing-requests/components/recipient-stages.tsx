import type { SigningRecipient, SigningRecipientStatus, SigningRequest } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const doneStatuses: readonly SigningRecipientStatus[] = ['signed', 'approved', 'viewed'];
const refusedStatuses: readonly SigningRecipientStatus[] = ['declined', 'rejected'];

/** Where a stage stands: done, its people's turn now, still to come, or left undone when the request ended. */
type StageState = 'done' | 'open' | 'waiting' | 'unfinished';

// A stage is done once everyone whose part counts (not a CC, not one who handed it on) is done, as the api's stage rule says.
function stageStateOf(request: SigningRequest, stage: number, recipients: SigningRecipient[]): StageState {
  const isDone = recipients
    .filter((recipient) => recipient.kind !== 'cc' && recipient.status !== 'delegated')
    .every((recipient) => doneStatuses.includes(recipient.status));
  if (isDone) return 'done';
  if (request.status !== 'sent') return 'unfinished';
  return request.openStage === stage ? 'open' : 'waiting';
}

const badgeTones: Partial<Record<SigningRecipientStatus | StageState, string>> = {
  signed: ' ui-badge--success',
  approved: ' ui-badge--success',
  viewed: ' ui-badge--success',
  done: ' ui-badge--success',
  declined: ' ui-badge--danger',
  rejected: ' ui-badge--danger',
  open: ' ui-badge--info',
};

/**
 * The request's people stage by stage, in the order they act, the stage open now marked: each with
 * their role, where they stand and since when, a refusal's reason, whom they handed their part to, and
 * (on request) from where and on what they acted.
 */
export function RecipientStages({ request }: { request: SigningRequest }) {
  const { t } = useTranslation('documents');
  const headingId = useId();
  const stages = [...new Set(request.recipients.map((recipient) => recipient.stage))].sort((a, b) => a - b);
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('signingRequests.recipients.title')}</h2>
      <ol className="signing-stages">
        {stages.map((stage) => {
          const recipients = request.recipients.filter((recipient) => recipient.stage === stage);
          const state = stageStateOf(request, stage, recipients);
          return (
            <li key={stage} className={`signing-stage signing-stage--${state}`}>
              <h3 className="signing-stage__heading">
                {t('signingRequests.recipients.stage', { stage, count: stages.length })}{' '}
                <span className={`ui-badge${badgeTones[state] ?? ''}`}>
                  {t(`signingRequests.recipients.stageStates.${state}`)}
                </span>
              </h3>
              <ul className="signing-recipients">
                {recipients.map((recipient) => (
                  <RecipientItem key={recipient.id} request={request} recipient={recipient} />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type RecipientItemProps = { request: SigningRequest; recipient: SigningRecipient };

function RecipientItem({ request, recipient }: RecipientItemProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const at = (time: string) => formatDateTime(new Date(time), locale);
  const delegate = request.recipients.find(({ id }) => id === recipient.delegatedTo);
  // Who was still to act when the request ended did not miss their turn: it never came, or it ended.
  const isOver = request.status !== 'sent' && (recipient.status === 'open' || recipient.status === 'waiting');
  const statusKey = isOver ? `${recipient.status}Ended` : recipient.status;
  const times: { key: string; time: string | null }[] = [
    { key: 'mailedAt', time: recipient.mailedAt },
    { key: 'verifiedAt', time: recipient.verifiedAt },
    { key: 'viewedAt', time: recipient.viewedAt },
    // A viewer's look is the act itself: said once.
    { key: recipient.status, time: recipient.status === 'viewed' ? null : recipient.actedAt },
  ];
  const shownTimes = times.filter((entry): entry is { key: string; time: string } => entry.time !== null);
  return (
    <li className="signing-recipient">
      <p className="signing-recipient__who">
        <strong>{recipient.name}</strong> <span className="signing-recipient__email">{recipient.email}</span>
      </p>
      <p className="ui-hint">
        {t('signingRequests.recipients.role', {
          role: recipient.roleName,
          kind: t(`signingRequests.kinds.${recipient.kind}`),
        })}
      </p>
      <p>
        <span className={`ui-badge${isOver ? '' : (badgeTones[recipient.status] ?? '')}`}>
          {t(`signingRequests.recipients.status.${statusKey}`, { name: delegate?.name ?? '' })}
        </span>
      </p>
      {refusedStatuses.includes(recipient.status) && recipient.declineReason ? (
        <blockquote className="signing-quote">
          <span className="ui-visually-hidden">{t('signingRequests.recipients.reason')} </span>
          {recipient.declineReason}
        </blockquote>
      ) : null}
      {shownTimes.length > 0 ? (
        <dl className="signing-facts signing-facts--compact">
          {shownTimes.map(({ key, time }) => (
            <div key={key}>
              <dt>{t(`signingRequests.recipients.times.${key}`)}</dt>
              <dd>
                <time dateTime={time}>{at(time)}</time>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {recipient.ipAddress || recipient.userAgent ? (
        <details className="signing-recipient__device">
          <summary>{t('signingRequests.recipients.device.summary')}</summary>
          <dl className="signing-facts signing-facts--compact">
            <div>
              <dt>{t('signingRequests.recipients.device.ipAddress')}</dt>
              <dd>{recipient.ipAddress ?? t('signingRequests.recipients.device.unknown')}</dd>
            </div>
            <div className="signing-facts__wide">
              <dt>{t('signingRequests.recipients.device.userAgent')}</dt>
              <dd className="signing-recipient__agent">
                {recipient.userAgent ?? t('signingRequests.recipients.device.unknown')}
              </dd>
            </div>
          </dl>
        </details>
      ) : null}
    </li>
  );
}
