import { AppLink, type LazyPage } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

const sections = [
  { key: 'overview', route: 'v1-approve', page: 'inbox' },
  { key: 'tasks', route: 'v1-approve-approvals', page: 'approvals' },
  { key: 'workflows', route: 'v1-approve-workflows', page: 'workflows' },
] as const;

/** The three sections of /v1/approve, above each of their pages, the current one marked. */
function ApprovalsSectionNav() {
  const { t } = useTranslation('approvals');
  const current =
    useMatches()
      .map((match) => (match.handle as { name?: string } | undefined)?.name)
      .findLast(Boolean) ?? '';
  return (
    <nav className="ui-tabs" aria-label={t('sections.label')}>
      {sections.map((section) => (
        <AppLink
          key={section.key}
          to={section.route}
          aria-current={current.startsWith(`${section.route}___`) ? 'page' : undefined}
        >
          {t(`sections.${section.key}`)}
        </AppLink>
      ))}
    </nav>
  );
}

/** The page with the section navigation above it; its code still loads ahead like the page's own. */
export function withSectionNav(Page: LazyPage): LazyPage {
  function PageInSection() {
    return (
      <>
        <ApprovalsSectionNav />
        <Page />
      </>
    );
  }
  return Object.assign(PageInSection, { preload: Page.preload });
}
