import type { DeliveryFailure } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../../utils/error-key';
import { listDeliveryFailures } from './email-api';

type DeliveryFailuresProps = { formId: string; kind: 'mail' | 'mailchimp' };

type Loaded =
  | { status: 'loading' }
  | { status: 'loaded'; failures: DeliveryFailure[] }
  | { status: 'failed'; errorKey: string };

/**
 * The latest mails or subscriptions that did not go through, with the mail server's or Mailchimp's
 * reason and whether they are still being retried; one that succeeds later leaves the list.
 */
export function DeliveryFailures({ formId, kind }: DeliveryFailuresProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    listDeliveryFailures(formId, kind).then(
      ({ failures }) => setLoaded({ status: 'loaded', failures }),
      (error: unknown) => setLoaded({ status: 'failed', errorKey: toErrorKey(error) }),
    );
  }, [formId, kind]);
  useEffect(load, [load]);

  return (
    <section className="ui-card" aria-labelledby={`failures-${kind}`}>
      <div className="delivery-failures__head">
        <h2 id={`failures-${kind}`}>{t('formSettings.email.failures.title')}</h2>
        <Button variant="secondary" onClick={load} disabled={loaded.status === 'loading'}>
          {t('formSettings.email.failures.refresh')}
        </Button>
      </div>
      {loaded.status === 'failed' ? <p className="ui-error">{t(loaded.errorKey)}</p> : null}
      {loaded.status === 'loaded' && loaded.failures.length === 0 ? (
        <p className="ui-hint">{t(`formSettings.email.failures.none.${kind}`)}</p>
      ) : null}
      {loaded.status === 'loaded' && loaded.failures.length > 0 ? (
        <ul className="delivery-failures">
          {loaded.failures.map((failure) => (
            <li key={`${failure.submissionId}-${failure.channel}-${failure.to}`}>
              <strong>
                {t(`formSettings.email.failures.channels.${failure.channel}`)}: {failure.to}
              </strong>
              <span>
                {formatDateTime(new Date(failure.at), locale)} ·{' '}
                {t('formSettings.email.failures.attempts', { count: failure.attempts })} ·{' '}
                {failure.willRetry
                  ? t('formSettings.email.failures.willRetry')
                  : t('formSettings.email.failures.gaveUp')}
              </span>
              <span className="ui-hint">{t('formSettings.email.failures.reason', { reason: failure.message })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
