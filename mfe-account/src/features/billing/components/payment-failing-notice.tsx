import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../hooks/use-portal';

/** A failed payment: Stripe retries, and the card is updated in its customer portal before it gives up. */
export function PaymentFailingNotice({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation('account');
  const portal = usePortal();
  return (
    <section className="ui-notice ui-notice--error billing-notice" aria-labelledby="billing-payment-failing">
      <h2 id="billing-payment-failing">{t('billing.paymentFailing.title')}</h2>
      <p>{t(mayManage ? 'billing.paymentFailing.text' : 'billing.paymentFailing.textMember')}</p>
      {mayManage ? (
        <div className="billing-actions">
          <Button onClick={portal.open} disabled={portal.isOpening}>
            {t(portal.isOpening ? 'billing.actions.opening' : 'billing.paymentFailing.update')}
          </Button>
          <span role="status">{portal.noticeKey ? t(portal.noticeKey) : ''}</span>
          {portal.errorKey ? <span role="alert">{t(portal.errorKey)}</span> : null}
        </div>
      ) : null}
    </section>
  );
}
