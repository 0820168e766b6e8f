import { AppLink, type LazyPage } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

const sections = [
  { key: 'library', route: 'v1-documents' },
  { key: 'shared', route: 'v1-documents-shared' },
  { key: 'templates', route: 'v1-documents-templates' },
  { key: 'signature', route: 'v1-signature-template' },
] as const;

/** The sections of the documents area, above each of its signed-in pages, the current one marked. */
function DocumentsSectionNav() {
  const { t } = useTranslation('documents');
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
        <DocumentsSectionNav />
        <Page />
      </>
    );
  }
  return Object.assign(PageInSection, { preload: Page.preload });
}
