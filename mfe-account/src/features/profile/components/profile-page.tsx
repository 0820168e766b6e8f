import type { ActiveSession } from '@formwerk/contracts';
import { PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSessions, revokeSession } from '../api/profile-api';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionList } from './session-list';
import '../../../components/account.css';

/** /v1/profile: name, language, password and active sessions. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const [sessions, setSessions] = useState<ActiveSession[] | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  const loadSessions = useCallback(() => {
    listSessions().then(
      (list) => {
        setSessions(list.sessions);
        setHasFailed(false);
      },
      () => setHasFailed(true),
    );
  }, []);

  useEffect(loadSessions, [loadSessions]);

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.profile.title')} description={t('pages.profile.description')} />
      <div className="account-grid">
        <ProfileForm />
        <PasswordForm onChanged={loadSessions} />
        <SessionList
          sessions={sessions}
          hasFailed={hasFailed}
          onRevoke={(sessionId) => revokeSession(sessionId).then(loadSessions, () => setHasFailed(true))}
        />
      </div>
    </>
  );
}
