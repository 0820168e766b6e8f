import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

/** What a page or section says when its data did not load: the reason, and a way to try again. */
export function LoadFailure({ errorKey, onRetry }: { errorKey: string; onRetry: () => void }) {
  const { t } = useTranslation('forms');
  return (
    <section className="ui-card">
      <p role="alert" className="ui-error">
        {t(errorKey)}
      </p>
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    </section>
  );
}
