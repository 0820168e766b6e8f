import type { FormResponse } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FormTabs } from '../../../components/form-tabs';
import '../../../components/forms.css';
import { SubmissionCharts } from '../../../components/submission-charts/submission-charts';
import { toErrorKey } from '../../../utils/error-key';
import { findForm } from '../api/submissions-api';
import { ErasuresNotice } from './erasures-notice';
import { SubmissionsTable } from './submissions-table';
import './submissions.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; form: FormResponse };

/** /v1/forms/{id}/submissions: the form's submissions as a table, or as charts with ?view=charts. */
export function FormSubmissionsPage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const view = searchParams.get('view') === 'charts' ? 'charts' : 'table';
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findForm(id).then(
      (form) => isCurrent && setLoad({ status: 'ready', form }),
      (error: unknown) => isCurrent && setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, attempt]);

  return (
    <>
      <PageHeader
        eyebrow={load.status === 'ready' ? load.form.definition.title : t('area')}
        title={t('pages.form-submissions.title')}
        description={t('pages.form-submissions.description')}
      />
      <FormTabs formId={id} current="submissions" />
      {load.status === 'ready' ? (
        <>
          <nav className="submissions-views" aria-label={t('submissions.view.label')}>
            {(['table', 'charts'] as const).map((option) => (
              <AppLink
                key={option}
                to="v1-forms-id-submissions"
                params={{ id }}
                query={option === 'charts' ? { view: 'charts' } : undefined}
                aria-current={option === view ? 'page' : undefined}
              >
                {t(`submissions.view.${option}`)}
              </AppLink>
            ))}
          </nav>
          {view === 'charts' ? (
            <SubmissionCharts formId={id} />
          ) : (
            <>
              <ErasuresNotice formId={id} />
              <SubmissionsTable formId={id} definition={load.form.definition} />
            </>
          )}
        </>
      ) : load.status === 'failed' ? (
        <div className="ui-card">
          <p role="alert" className="ui-error">
            {t(load.errorKey)}
          </p>
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </>
  );
}
