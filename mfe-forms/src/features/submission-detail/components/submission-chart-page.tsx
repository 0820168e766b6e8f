import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { SubmissionCharts } from '../../../components/submission-charts/submission-charts';
import { useSubmissionWithForm } from '../hooks/use-submission-with-form';
import { SubmissionLoadState } from './submission-load-state';
import { SubmissionTabs } from './submission-tabs';

/** /v1/submissions/{id}/chart: the charts of the submission's form, with this submission's answers marked. */
export function SubmissionChartPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const { load, retry } = useSubmissionWithForm(id);

  return (
    <>
      <PageHeader
        eyebrow={load.status === 'ready' ? load.form.definition.title : t('area')}
        title={t('pages.submission-chart.title')}
        description={
          load.status === 'ready'
            ? t('submissions.detail.chartDescription', {
                date: formatDateTime(new Date(load.submission.createdAt), locale),
              })
            : undefined
        }
        actions={
          load.status === 'ready' ? (
            <AppLink
              to="v1-forms-id-submissions"
              params={{ id: load.submission.formId }}
              className="ui-button ui-button--secondary"
            >
              {t('submissions.detail.backToTable')}
            </AppLink>
          ) : null
        }
      />
      <SubmissionTabs submissionId={id} current="chart" />
      {load.status === 'ready' ? (
        <SubmissionCharts formId={load.submission.formId} highlight={load.submission} />
      ) : (
        <SubmissionLoadState load={load} onRetry={retry} />
      )}
    </>
  );
}
