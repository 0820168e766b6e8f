import type { FormDefinition, TimelineEntry } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type TaskTimelineProps = { timeline: readonly TimelineEntry[]; form: FormDefinition };

/** The approval's story, oldest first: who did what when ("B for A" for a delegate), with their comments. */
export function TaskTimeline({ timeline, form }: TaskTimelineProps) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const labelOf = (fieldId: string) =>
    form.pages.flatMap((page) => page.fields).find((field) => field.id === fieldId)?.label || fieldId;
  return (
    <section className="approval-card" aria-labelledby="task-timeline">
      <h2 id="task-timeline">{t('inbox.timeline.title')}</h2>
      {timeline.length === 0 ? <p className="approval-hint">{t('inbox.timeline.empty')}</p> : null}
      <ol className="task-timeline">
        {timeline.map((entry, index) => {
          const actor = entry.actor
            ? entry.onBehalfOf
              ? t('inbox.timeline.onBehalfOf', { actor: entry.actor, name: entry.onBehalfOf })
              : entry.actor
            : t('inbox.timeline.system');
          return (
            // The entries have no id and may repeat (two reminders at once); their order is the story.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="task-timeline__entry">
              <time className="approval-hint" dateTime={entry.at}>
                {formatDateTime(new Date(entry.at), locale)}
              </time>
              <p>
                {t(`inbox.timeline.kinds.${entry.kind}`, { actor })}
                {entry.stepLabel ? ` · ${entry.stepLabel}` : null}
              </p>
              {entry.changedFieldIds?.length ? (
                <p className="approval-hint">
                  {t('inbox.timeline.changed', { fields: entry.changedFieldIds.map(labelOf).join(', ') })}
                </p>
              ) : null}
              {entry.comment ? <blockquote>{entry.comment}</blockquote> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
