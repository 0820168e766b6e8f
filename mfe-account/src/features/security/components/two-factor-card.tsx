import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecurity } from '../api/security-queries';
import { toSecurityErrorKey } from '../utils/error-key';
import { type ProofPurpose, TwoFactorProofDialog } from './two-factor-proof-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

// Few enough left that a new set is worth making before they run out.
const fewRecoveryCodes = 3;

/** Two-step verification: off (set it up), or on since when, with the recovery codes left, new ones, off. */
export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const security = useSecurity();
  const [isSettingUp, setIsSettingUp] = useState(false);
  const [proofPurpose, setProofPurpose] = useState<ProofPurpose | null>(null);
  const [status, setStatus] = useState<'disabled' | null>(null);
  const overview = security.data;
  const twoFactor = overview?.twoFactor;

  return (
    <section className="account-card" aria-labelledby="security-two-factor">
      <div className="security-card__head">
        <h2 id="security-two-factor">{t('security.twoFactor.title')}</h2>
        {twoFactor ? (
          <span className={twoFactor.isEnabled ? 'ui-badge ui-badge--success' : 'ui-badge'}>
            {t(twoFactor.isEnabled ? 'security.twoFactor.on' : 'security.twoFactor.off')}
          </span>
        ) : null}
      </div>
      <p className="account-card__hint">{t('security.twoFactor.text')}</p>
      {!overview || !twoFactor ? (
        security.error ? (
          <div className="account-card__actions">
            <p role="alert">{t(toSecurityErrorKey(security.error))}</p>
            <Button variant="secondary" onClick={() => void security.refetch()}>
              {t('security.retry')}
            </Button>
          </div>
        ) : (
          <p role="status">{t('loading')}</p>
        )
      ) : twoFactor.isEnabled ? (
        <>
          <p>
            {t('security.twoFactor.enabledAt', {
              date: twoFactor.enabledAt ? formatDateTime(new Date(twoFactor.enabledAt), locale) : '',
            })}
          </p>
          <p className={twoFactor.recoveryCodesLeft <= fewRecoveryCodes ? 'ui-error' : undefined}>
            {t('security.twoFactor.recoveryCodesLeft', { count: twoFactor.recoveryCodesLeft })}
          </p>
          {twoFactor.isRequiredByTeam ? (
            <p className="account-card__hint">{t('security.twoFactor.requiredByTeam')}</p>
          ) : null}
          <div className="account-card__actions">
            <Button variant="secondary" onClick={() => setProofPurpose('regenerate')}>
              {t('security.twoFactor.regenerate')}
            </Button>
            {twoFactor.isRequiredByTeam ? null : (
              <Button variant="secondary" onClick={() => setProofPurpose('disable')}>
                {t('security.twoFactor.disable')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          {twoFactor.isRequiredByTeam ? <p>{t('security.twoFactor.requiredByTeam')}</p> : null}
          <div className="account-card__actions">
            <Button
              onClick={() => {
                setStatus(null);
                setIsSettingUp(true);
              }}
            >
              {t('security.twoFactor.setUp')}
            </Button>
          </div>
        </>
      )}
      <p role="status">{status === 'disabled' ? t('security.twoFactor.disabled') : ''}</p>
      <TwoFactorSetupDialog isOpen={isSettingUp} onClose={() => setIsSettingUp(false)} />
      <TwoFactorProofDialog
        purpose={proofPurpose}
        hasPassword={overview?.hasPassword ?? true}
        onClose={() => setProofPurpose(null)}
        onDisabled={() => {
          setProofPurpose(null);
          setStatus('disabled');
        }}
      />
    </section>
  );
}
