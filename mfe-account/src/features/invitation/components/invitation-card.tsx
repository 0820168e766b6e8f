import type { InvitationPreview } from '@formwerk/contracts';
import { AppLink, useSessionStore } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { InvitationSignUpForm } from './invitation-sign-up-form';
import { JoinTeamButton } from './join-team-button';

type InvitationCardProps = { token: string; preview: InvitationPreview; onLinkRejected: () => void };

/** The invitation and the way to accept it that fits the visitor. */
export function InvitationCard({ token, preview, onLinkRejected }: InvitationCardProps) {
  const { t } = useTranslation('account');
  const { pathname, search } = useLocation();
  const isSignedIn = useSessionStore((state) => state.user !== null);
  const { teamName, inviterName, email, role, hasAccount } = preview;

  return (
    <section className="account-card account-card--narrow" aria-labelledby="invitation-team">
      <h2 id="invitation-team">{t('invitation.title', { teamName })}</h2>
      <p>{t('invitation.summary', { inviterName, teamName, asRole: t(`invitation.asRole.${role}`) })}</p>
      {isSignedIn ? (
        <JoinTeamButton token={token} teamName={teamName} onLinkRejected={onLinkRejected} />
      ) : hasAccount ? (
        <>
          <p>{t('invitation.signInText', { email })}</p>
          <AppLink
            to="index"
            query={{ login: 'true', redirect: `${pathname}${search}` }}
            className="ui-button ui-button--primary"
          >
            {t('invitation.signIn')}
          </AppLink>
        </>
      ) : (
        <InvitationSignUpForm token={token} email={email} onLinkRejected={onLinkRejected} />
      )}
    </section>
  );
}
