import type { TimelineEntry } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

/** The approval's story, oldest first: who did what when ("B for A" for a delegate), with their comments. */
export function InstanceTimeline({ timeline }: { timeline: readonly TimelineEntry[] }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  return (
    <section className="forms-card forms-card--wide" aria-labelledby="workflow-timeline">
      <h2 id="workflow-timeline">{t('submissionWorkflow.timeline.title')}</h2>
      {timeline.length === 0 ? <p className="forms-hint">{t('submissionWorkflow.timeline.empty')}</p> : null}
      <ol className="workflow-timeline">
        {timeline.map((entry, index) => {
          const actor = entry.actor
            ? entry.onBehalfOf
              ? t('submissionWorkflow.timeline.onBehalfOf', { actor: entry.actor, name: entry.onBehalfOf })
              : entry.actor
            : t('submissionWorkflow.timeline.system');
          return (
            // The entries have no id and may repeat (two reminders at once); their order is the story.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="workflow-timeline__entry">
              <time className="forms-hint" dateTime={entry.at}>
                {formatDateTime(new Date(entry.at), locale)}
              </time>
              <p>
                {t(`submissionWorkflow.timeline.kinds.${entry.kind}`, { actor })}
                {entry.stepLabel ? ` · ${entry.stepLabel}` : null}
              </p>
              {entry.changedFieldIds?.length ? (
                <p className="forms-hint">
                  {t('submissionWorkflow.timeline.changed', { count: entry.changedFieldIds.length })}
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
