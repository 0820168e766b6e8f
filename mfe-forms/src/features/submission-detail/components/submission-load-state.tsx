import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import type { SubmissionLoad } from '../hooks/use-submission-with-form';

type SubmissionLoadStateProps = { load: Exclude<SubmissionLoad, { status: 'ready' }>; onRetry: () => void };

/** What a submission's pages show until it is there: loading, not found, or a failure to retry. */
export function SubmissionLoadState({ load, onRetry }: SubmissionLoadStateProps) {
  const { t } = useTranslation('forms');
  if (load.status === 'loading') return <p role="status">{t('loading')}</p>;
  if (load.status === 'not-found') {
    return (
      <section className="ui-card" aria-labelledby="submission-not-found">
        <h2 id="submission-not-found">{t('submissions.detail.notFoundTitle')}</h2>
        <p>{t('submissions.detail.notFoundText')}</p>
      </section>
    );
  }
  return (
    <div className="ui-card">
      <p role="alert" className="ui-error">
        {t(load.errorKey)}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
