import type { ActiveSession } from '@formwerk/contracts';
import { formatRelativeTime, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type SessionListProps = {
  sessions: ActiveSession[] | null;
  hasFailed: boolean;
  onRevoke: (sessionId: string) => void;
};

/** Where the account is signed in, with device and last use; any other session can be ended. */
export function SessionList({ sessions, hasFailed, onRevoke }: SessionListProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const now = new Date();
  return (
    <section className="account-card" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t('profile.sessions')}</h2>
      {hasFailed ? <p role="alert">{t('profile.sessionsFailed')}</p> : null}
      {!sessions && !hasFailed ? <p role="status">{t('profile.loading')}</p> : null}
      <ul className="account-list">
        {sessions?.map((session) => (
          <li key={session.id} className="account-list__item">
            <div>
              <strong>{session.userAgent || t('profile.unknownDevice')}</strong>
              <span>
                {session.isCurrent
                  ? t('profile.thisDevice')
                  : t('profile.lastUsed', { when: formatRelativeTime(new Date(session.lastUsedAt), now, locale) })}
              </span>
            </div>
            {session.isCurrent ? null : (
              <Button variant="secondary" onClick={() => onRevoke(session.id)}>
                {t('profile.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
