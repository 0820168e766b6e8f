import type { ActiveSession } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withAreaQueries } from '../../../query/area-queries';
import { BillingSummary } from '../../billing/components/billing-summary';
import { SecuritySection } from '../../security/components/security-section';
import { listSessions, revokeSession } from '../api/profile-api';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionList } from './session-list';
import '../../../components/account.css';

// The profile's sections, as tabs in the address (`?view=billing`); the first is the plain /v1/profile.
const views = ['general', 'security', 'billing'] as const;
type View = (typeof views)[number];

const isView = (value: string | null): value is View => views.includes(value as View);

/**
 * /v1/profile: name, language, password and active sessions; two-step sign-in and the sign-in history,
 * and the team's billing, in tabs of their own.
 */
function ProfileSections() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('view');
  const view: View = isView(requested) ? requested : 'general';

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.profile.title')} description={t('pages.profile.description')} />
      <nav className="ui-tabs" aria-label={t('profile.tabs.label')}>
        {views.map((key) => (
          <AppLink
            key={key}
            to="v1-profile"
            query={key === 'general' ? undefined : { view: key }}
            aria-current={key === view ? 'page' : undefined}
          >
            {t(`profile.tabs.${key}`)}
          </AppLink>
        ))}
      </nav>
      {view === 'billing' ? <BillingSummary /> : view === 'security' ? <SecuritySection /> : <GeneralSection />}
    </>
  );
}

export const ProfilePage = withAreaQueries(ProfileSections);

function GeneralSection() {
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
    <div className="account-grid">
      <ProfileForm />
      <PasswordForm onChanged={loadSessions} />
      <SessionList
        sessions={sessions}
        hasFailed={hasFailed}
        onRevoke={(sessionId) => revokeSession(sessionId).then(loadSessions, () => setHasFailed(true))}
      />
    </div>
  );
}
