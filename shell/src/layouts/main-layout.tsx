import { isTeamOwner, useSessionStore } from '@formwerk/platform';
import { CircleCheck, CircleUser, FileText, Folder, Inbox, LogOut, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EmailConfirmedNotice } from '../account/email-confirmed-notice';
import { TeamSwitcher } from '../account/team-switcher';
import { NotificationBell } from '../notifications/notification-bell';
import { NavLink } from './nav-link';
import { SiteHeader } from './site-header';

/** The logged-in area under /v1. */
export function MainLayout() {
  const { t } = useTranslation();
  const userName = useSessionStore((state) => state.user?.name);
  // Only the owner manages the team (the `team-owner` middleware guards the page itself).
  const isOwner = useSessionStore((state) => isTeamOwner(state.user, state.teamId));
  return (
    <div className="layout layout--main">
      <SiteHeader
        home="v1"
        persistentActions={<NotificationBell />}
        actions={
          <>
            <TeamSwitcher />
            <NavLink to="v1-profile" icon={CircleUser}>
              {userName || t('nav.profile')}
            </NavLink>
            {/* An icon with a tooltip on a desktop (the header has room for every area's link in one
                line); in the phone menu, its name is shown. */}
            <NavLink to="logout" icon={LogOut} title={t('nav.logout')}>
              <span className="ui-header__icon-label">{t('nav.logout')}</span>
            </NavLink>
          </>
        }
      >
        <NavLink to="v1-forms" icon={FileText}>
          {t('nav.forms')}
        </NavLink>
        <NavLink to="v1-submissions" icon={Inbox}>
          {t('nav.submissions')}
        </NavLink>
        <NavLink to="v1-approve" icon={CircleCheck}>
          {t('nav.approvals')}
        </NavLink>
        <NavLink to="v1-documents" icon={Folder}>
          {t('nav.documents')}
        </NavLink>
        {isOwner ? (
          <NavLink to="v1-team" icon={Users}>
            {t('nav.team')}
          </NavLink>
        ) : null}
      </SiteHeader>
      <EmailConfirmedNotice />
      <main id="content" className="layout__content">
        <Outlet />
      </main>
    </div>
  );
}
