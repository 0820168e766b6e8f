import { localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import type { BuilderArrival } from '../../form-builder/components/form-builder-page';
import { claimDemoForm, hasDemoDraft } from '../api/claim-demo-form';

type ClaimState = { step: 'none' } | { step: 'keeping'; attempt: number } | { step: 'failed'; errorKey: string };

/**
 * A form built in the demo before signing up becomes the team's form and opens in the builder; shows
 * nothing when the draft this browser keeps is not one (DemoClaim mounts it).
 */
export function DemoClaimFlow() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [state, setState] = useState<ClaimState>(() =>
    hasDemoDraft() ? { step: 'keeping', attempt: 0 } : { step: 'none' },
  );
  const attempt = state.step === 'keeping' ? state.attempt : null;

  useEffect(() => {
    if (attempt === null) return;
    let isCurrent = true;
    claimDemoForm().then(
      (form) => {
        if (!isCurrent) return;
        if (!form) return setState({ step: 'none' });
        const arrival: BuilderArrival = { notice: 'demoKept' };
        navigate(localePath('v1-forms-id', locale, { id: form.id }), { state: arrival });
      },
      (error: unknown) => isCurrent && setState({ step: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, locale, navigate]);

  if (state.step === 'keeping') {
    return (
      <p className="ui-notice" role="status">
        {t('demo.claim.keeping')}
      </p>
    );
  }
  if (state.step === 'failed') {
    return (
      <section className="ui-notice ui-notice--error" role="alert" aria-labelledby="demo-claim-failed">
        <h2 id="demo-claim-failed">{t('demo.claim.failed')}</h2>
        <p>{t(state.errorKey)}</p>
        <Button variant="secondary" onClick={() => setState({ step: 'keeping', attempt: Date.now() })}>
          {t('retry')}
        </Button>
      </section>
    );
  }
  return null;
}
