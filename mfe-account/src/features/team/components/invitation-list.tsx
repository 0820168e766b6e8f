import { formatDate, formatRelativeTime, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { useTeamStore } from '../stores/team-store';

/** Invitations nobody has accepted yet, with when their link expires; each can be revoked. */
export function InvitationList() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const invitations = useTeamStore((state) => state.team?.invitations);
  const revokeInvitation = useTeamStore((state) => state.revokeInvitation);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const now = new Date();

  const onRevoke = (invitationId: string) => {
    setErrorKey(null);
    revokeInvitation(invitationId).catch((error: unknown) => setErrorKey(toErrorKey(error)));
  };

  return (
    <section className="account-card" aria-labelledby="team-invitations">
      <h2 id="team-invitations">{t('team.invitations')}</h2>
      {invitations?.length ? (
        <ul className="account-list">
          {invitations.map((invitation) => {
            const expiresAt = new Date(invitation.expiresAt);
            return (
              <li key={invitation.id} className="account-list__item">
                <div>
                  <strong>{invitation.email}</strong>
                  <span>
                    {t('team.invitationDetails', {
                      role: t(`roles.${invitation.role}`),
                      when: formatRelativeTime(expiresAt, now, locale),
                      date: formatDate(expiresAt, locale),
                    })}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('team.revokeInvitation', { email: invitation.email })}
                  onClick={() => onRevoke(invitation.id)}
                >
                  {t('team.revoke')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="account-card__hint">{t('team.noInvitations')}</p>
      )}
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </section>
  );
}
