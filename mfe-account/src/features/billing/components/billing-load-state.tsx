import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { toBillingErrorKey } from '../utils/error-key';

type BillingLoadStateProps = { error: unknown; onRetry: () => void };

/** While the team's billing is read: that it is, or why it could not be, with a way to read it again. */
export function BillingLoadState({ error, onRetry }: BillingLoadStateProps) {
  const { t } = useTranslation('account');
  if (!error) return <p role="status">{t('loading')}</p>;
  return (
    <div className="billing-actions">
      <p role="alert" className="ui-error">
        {t(toBillingErrorKey(error))}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('billing.retry')}
      </Button>
    </div>
  );
}
