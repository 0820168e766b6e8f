import type { TimelineEntry } from '@formwerk/contracts';
import { ApprovalTimeline } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

/** The request's history, as its approvers see it on their task. */
export function InstanceTimeline({ timeline }: { timeline: readonly TimelineEntry[] }) {
  const { t } = useTranslation('forms');
  return (
    <section className="ui-card forms-card--wide" aria-labelledby="workflow-timeline">
      <h2 id="workflow-timeline">{t('submissionWorkflow.timeline.title')}</h2>
      {timeline.length === 0 ? <p className="ui-hint">{t('submissionWorkflow.timeline.empty')}</p> : null}
      <ApprovalTimeline entries={timeline} />
    </section>
  );
}
