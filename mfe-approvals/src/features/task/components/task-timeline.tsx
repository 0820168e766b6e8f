import type { FormDefinition, TimelineEntry } from '@formwerk/contracts';
import { ApprovalTimeline } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type TaskTimelineProps = { timeline: readonly TimelineEntry[]; form: FormDefinition };

/** The task's history, the changed fields of a resubmission named by their labels. */
export function TaskTimeline({ timeline, form }: TaskTimelineProps) {
  const { t } = useTranslation('approvals');
  const labelOf = (fieldId: string) =>
    form.pages.flatMap((page) => page.fields).find((field) => field.id === fieldId)?.label || fieldId;
  return (
    <section className="ui-card" aria-labelledby="task-timeline">
      <h2 id="task-timeline">{t('inbox.timeline.title')}</h2>
      {timeline.length === 0 ? <p className="ui-hint">{t('inbox.timeline.empty')}</p> : null}
      <ApprovalTimeline entries={timeline} fieldLabel={labelOf} />
    </section>
  );
}
