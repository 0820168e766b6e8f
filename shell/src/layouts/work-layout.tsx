import { CircleCheck, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotificationBell } from '../notifications/notification-bell';
import { NavLink } from './nav-link';
import { SiteHeader } from './site-header';

/** A focused full-width workspace for approvals. */
export function WorkLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--work">
      <SiteHeader home="v1" isCompact persistentActions={<NotificationBell />}>
        <NavLink to="v1" icon={House}>
          {t('nav.home')}
        </NavLink>
        <NavLink to="v1-approve" icon={CircleCheck}>
          {t('nav.approvals')}
        </NavLink>
      </SiteHeader>
      <main id="content" className="layout__content layout__content--wide">
        <Outlet />
      </main>
    </div>
  );
}
