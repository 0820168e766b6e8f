import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { LazyPage } from '../area/lazy-page';
import { AppLink } from './app-link';

/** An area's sections: each a route of the table, named by `<namespace>:sections.<key>`. */
export type Sections = { namespace: string; sections: readonly { key: string; route: string }[] };

/** The area's sections as tabs (`sections.label` names them), the current one marked. */
function SectionNav({ namespace, sections }: Sections) {
  const { t } = useTranslation(namespace);
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

/** `Page` with its area's section tabs above it; its code still loads ahead like the page's own. */
export function withSectionNav(Page: LazyPage, sections: Sections): LazyPage {
  function PageInSection() {
    return (
      <>
        <SectionNav {...sections} />
        <Page />
      </>
    );
  }
  return Object.assign(PageInSection, { preload: Page.preload });
}
