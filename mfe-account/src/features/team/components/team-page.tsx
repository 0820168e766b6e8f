import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { useTeamStore } from '../stores/team-store';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberTable } from './member-table';
import { TeamNameForm } from './team-name-form';
import { TwoFactorRequirement } from './two-factor-requirement';

/**
 * /v1/team, for the team's owner: its name, whether its owners and admins must use two-step
 * verification, members and their roles, and invitations.
 */
export function TeamPage() {
  const { t } = useTranslation('account');
  const isLoaded = useTeamStore((state) => state.team !== null);
  const loadErrorKey = useTeamStore((state) => state.loadErrorKey);
  const loadTeam = useTeamStore((state) => state.loadTeam);

  useEffect(() => {
    void loadTeam();
  }, [loadTeam]);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.team.title')}
        description={t('pages.team.description')}
        actions={
          <AppLink to="v1-team-groups" className="ui-button ui-button--secondary">
            {t('team.groups')}
          </AppLink>
        }
      />
      {isLoaded ? (
        <div className="account-grid">
          <TeamNameForm />
          <TwoFactorRequirement />
          <InviteForm />
          <MemberTable />
          <InvitationList />
        </div>
      ) : (
        <section className="account-card account-card--narrow">
          {loadErrorKey ? <p role="alert">{t(loadErrorKey)}</p> : <p role="status">{t('loading')}</p>}
        </section>
      )}
    </>
  );
}
