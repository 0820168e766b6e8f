import type { MissingAssignee, TimelineEntry } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type ApprovalTimelineProps = {
  entries: readonly TimelineEntry[];
  /** A form field's label, to name the fields a resubmission changed; without it they are counted. */
  fieldLabel?: (fieldId: string) => string;
};

/** Who an assignee that reaches nobody was meant to be, in a few words. */
function describeMissing(t: TFunction, missing: MissingAssignee): string {
  switch (missing.kind) {
    case 'user':
      return missing.name
        ? t('approvalTimeline.missing.user', { name: missing.name })
        : t('approvalTimeline.missing.unknownUser');
    case 'group':
      return t(missing.isDeleted ? 'approvalTimeline.missing.deletedGroup' : 'approvalTimeline.missing.emptyGroup');
    case 'answer':
      return t('approvalTimeline.missing.answer', { field: missing.fieldLabel });
  }
}

/**
 * An approval's story, oldest first: who did what when ("B for A" for a delegate), with their
 * comments. The approver's task page and the requester's view of the submission show the same one;
 * its sentences are the platform's, so both word it alike.
 */
export function ApprovalTimeline({ entries, fieldLabel }: ApprovalTimelineProps) {
  const { t } = useTranslation('platform');
  const locale = useLocale();
  return (
    <ol className="ui-timeline">
      {entries.map((entry, index) => {
        const actor = entry.actor
          ? entry.onBehalfOf
            ? t('approvalTimeline.onBehalfOf', { actor: entry.actor, name: entry.onBehalfOf })
            : entry.actor
          : t('approvalTimeline.system');
        const changed = entry.changedFieldIds ?? [];
        const missing = entry.missing ?? [];
        return (
          // The entries have no id and may repeat (two reminders at once); their order is the story.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="ui-timeline__entry">
            <time dateTime={entry.at}>{formatDateTime(new Date(entry.at), locale)}</time>
            <p>
              {t(`approvalTimeline.kinds.${entry.kind}`, { actor })}
              {entry.stepLabel ? ` · ${entry.stepLabel}` : null}
            </p>
            {changed.length > 0 ? (
              <p className="ui-timeline__note">
                {fieldLabel
                  ? t('approvalTimeline.changedFields', { fields: changed.map(fieldLabel).join(', ') })
                  : t('approvalTimeline.changedCount', { count: changed.length })}
              </p>
            ) : null}
            {missing.length > 0 ? (
              <p className="ui-timeline__note">
                {t('approvalTimeline.missingList', {
                  list: missing.map((assignee) => describeMissing(t, assignee)).join(', '),
                })}
              </p>
            ) : null}
            {entry.comment ? <blockquote>{entry.comment}</blockquote> : null}
          </li>
        );
      })}
    </ol>
  );
}
