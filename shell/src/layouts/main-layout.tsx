import { useSessionStore } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavLink } from './nav-link';
import { SiteHeader } from './site-header';

/** The logged-in area under /v1. */
export function MainLayout() {
  const { t } = useTranslation();
  const userName = useSessionStore((state) => state.user?.name);
  return (
    <div className="layout layout--main">
      <SiteHeader
        home="v1"
        actions={
          <>
            <NavLink to="v1-profile" icon="lucide:circle-user">
              <span className="site-header__user">{userName || t('nav.profile')}</span>
            </NavLink>
            <NavLink to="logout" icon="lucide:log-out">
              {t('nav.logout')}
            </NavLink>
          </>
        }
      >
        <NavLink to="v1-forms" icon="lucide:file-text">
          {t('nav.forms')}
        </NavLink>
        <NavLink to="v1-submissions" icon="lucide:inbox">
          {t('nav.submissions')}
        </NavLink>
        <NavLink to="v1-approve" icon="lucide:circle-check">
          {t('nav.approvals')}
        </NavLink>
        <NavLink to="v1-documents" icon="lucide:folder">
          {t('nav.documents')}
        </NavLink>
        <NavLink to="v1-team" icon="lucide:users">
          {t('nav.team')}
        </NavLink>
      </SiteHeader>
      <main id="content" className="layout__content">
        <Outlet />
      </main>
    </div>
  );
}
