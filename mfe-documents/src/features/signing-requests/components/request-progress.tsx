import type { SigningRequestSummary } from '@formwerk/contracts';
import { formatDate, formatDateTime, formatRelativeTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type RequestProps = { request: SigningRequestSummary };

/** How far the people are: "3 von 5 erledigt", and while it runs in stages, which is open. */
export function RequestProgress({ request }: RequestProps) {
  const { t } = useTranslation('documents');
  return (
    <span className="signing-progress">
      <span>{t('signingRequests.progress.done', { done: request.doneCount, count: request.actorCount })}</span>
      {request.openStage !== null && request.stageCount > 1 ? (
        <span className="ui-hint">
          {t('signingRequests.progress.stage', { stage: request.openStage, count: request.stageCount })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Until when people may act ("läuft ab in 5 Tagen", the date beside it) while the request runs; when
 * it ended otherwise. A request being sealed has no deadline left to meet.
 */
export function RequestDeadline({ request }: RequestProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const expiresAt = new Date(request.expiresAt);
  if (request.status === 'sent') {
    return (
      <span className="signing-progress">
        <span>
          {t('signingRequests.deadline.expires', { when: formatRelativeTime(expiresAt, new Date(), locale) })}
        </span>
        <time className="ui-hint" dateTime={request.expiresAt}>
          {formatDate(expiresAt, locale)}
        </time>
      </span>
    );
  }
  if (request.status === 'sealing') return <span className="ui-hint">{t('signingRequests.deadline.none')}</span>;
  // An expiry the job has not recorded yet has no closing time: it ended when it expired.
  const endedAt = request.status === 'expired' ? (request.closedAt ?? request.expiresAt) : request.closedAt;
  if (!endedAt) return null;
  return (
    <span>
      {t(`signingRequests.deadline.${request.status === 'expired' ? 'expired' : 'ended'}`)}{' '}
      <time dateTime={endedAt}>{formatDateTime(new Date(endedAt), locale)}</time>
    </span>
  );
}
