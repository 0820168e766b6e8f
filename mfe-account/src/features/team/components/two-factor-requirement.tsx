import { ApiError, AppLink } from '@formwerk/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { useTeamStore } from '../stores/team-store';
import './two-factor-requirement.css';

type Status = 'idle' | 'saving' | 'saved';

/**
 * The team's "require two-step verification" for its owners and admins, a switch for the owner and the
 * admins. Whoever turns it on needs it on for themselves (the api says so, and where to set it up).
 */
export function TwoFactorRequirement() {
  const { t } = useTranslation('account');
  const isRequired = useTeamStore((state) => state.team?.requireTwoFactor ?? false);
  const role = useTeamStore((state) => state.team?.role);
  const setTwoFactorRequirement = useTeamStore((state) => state.setTwoFactorRequirement);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<unknown>(null);
  if (role !== 'owner' && role !== 'admin') return null;
  const needsOwnSetup = error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED';

  const onChange = async (requireTwoFactor: boolean) => {
    setStatus('saving');
    setError(null);
    try {
      await setTwoFactorRequirement({ requireTwoFactor });
      setStatus('saved');
    } catch (failure) {
      setStatus('idle');
      setError(failure);
    }
  };

  return (
    <section className="account-card" aria-labelledby="team-two-factor">
      <h2 id="team-two-factor">{t('security.team.title')}</h2>
      <label className="team-two-factor__switch">
        <input
          type="checkbox"
          role="switch"
          checked={isRequired}
          aria-checked={isRequired}
          disabled={status === 'saving'}
          aria-describedby="team-two-factor-text"
          onChange={(event) => void onChange(event.currentTarget.checked)}
        />
        {t('security.team.require')}
      </label>
      <p id="team-two-factor-text" className="account-card__hint">
        {t('security.team.text')}
      </p>
      <span role="status">{status === 'saved' ? t(isRequired ? 'security.team.on' : 'security.team.off') : ''}</span>
      {needsOwnSetup ? (
        <p role="alert">
          {t('security.errors.TWO_FACTOR_SETUP_REQUIRED')}{' '}
          <AppLink to="v1-profile" query={{ view: 'security' }}>
            {t('security.team.setUpLink')}
          </AppLink>
        </p>
      ) : error ? (
        <p role="alert">{t(toErrorKey(error))}</p>
      ) : null}
    </section>
  );
}
