import type { CompletionRule, TaskDetailResponse } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { statusBadgeClass } from '../../../components/approval-task-status';

/** Who has decided so far and what it takes to finish the step; a pool step is decided by one. */
export function TaskVotes({ detail }: { detail: TaskDetailResponse }) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const { votes } = detail;
  const approvedCount = votes.filter((vote) => vote.outcome === 'approved').length;
  const total = votes.length;
  // The rule in words, counted against the people asked: "2 of 3 must approve".
  const describeRule = (rule: CompletionRule) => {
    switch (rule.kind) {
      case 'any':
        return t('inbox.rule.any', { total });
      case 'all':
        return t('inbox.rule.all', { total });
      case 'atLeast':
        return t('inbox.rule.atLeast', { needed: Math.min(rule.count, total), total });
      case 'percent':
        return t('inbox.rule.percent', {
          percent: rule.percent,
          needed: Math.ceil((rule.percent * total) / 100),
          total,
        });
      case 'majority':
        return t('inbox.rule.majority', { needed: Math.floor(total / 2) + 1, total });
    }
  };
  return (
    <section className="ui-card" aria-labelledby="task-votes">
      <h2 id="task-votes">{t('inbox.task.votesTitle')}</h2>
      <p>{detail.task.mode === 'pool' ? t('inbox.rule.pool') : describeRule(detail.rule)}</p>
      {detail.task.mode === 'vote' ? (
        <p className="ui-hint">{t('inbox.task.votesSoFar', { approved: approvedCount, total })}</p>
      ) : null}
      {votes.length > 0 ? (
        <ul className="task-votes">
          {votes.map((vote, index) => (
            // Names are not unique (two people of one name); the order of the votes is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <span className="task-votes__name">
                {vote.onBehalfOf
                  ? t('approvalTimeline.onBehalfOf', { ns: 'platform', actor: vote.name, name: vote.onBehalfOf })
                  : vote.name}
              </span>
              <span className={statusBadgeClass(vote.outcome ?? 'open')}>
                {t(vote.outcome ? `inbox.status.${vote.outcome}` : 'inbox.task.notYet')}
              </span>
              {vote.at ? (
                <time className="ui-hint" dateTime={vote.at}>
                  {formatDateTime(new Date(vote.at), locale)}
                </time>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
