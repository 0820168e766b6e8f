import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChunkBoundary } from '../../../components/chunk-boundary';
import { withAreaQueries } from '../../../query/area-queries';
import { toTemplateQuery, useTemplateParams } from '../hooks/use-template-params';
import { TemplateList } from './template-list';
import './templates.css';

// The editor, PDF.js and drag and drop are a chunk of their own, fetched when a template is opened: the
// list never carries them.
const TemplateEditor = lazy(() => import('./template-editor').then((module) => ({ default: module.TemplateEditor })));

/**
 * /v1/documents/templates: the team's signature templates, and with `?template={id}` the editor of one
 * (the route table has a single route here; the address still names the template, to reload or share).
 */
function TemplatesOfTeam() {
  const { t } = useTranslation('documents');
  const { pathname } = useLocation();
  const [params, changeParams] = useTemplateParams();
  const hrefOf = (query: URLSearchParams) => `${pathname}${query.size > 0 ? `?${query}` : ''}`;
  const listHref = hrefOf(toTemplateQuery({ page: params.page, template: '' }));
  const onPageChange = useCallback(
    (page: number, options?: { replace?: boolean }) => changeParams({ page }, options),
    [changeParams],
  );

  if (params.template) {
    const failed = (
      <div className="ui-card">
        <p role="alert">{t('templates.editor.failed')}</p>
        <Link to={listHref}>{t('templates.editor.back')}</Link>
      </div>
    );
    return (
      <ChunkBoundary key={params.template} fallback={failed}>
        <Suspense fallback={<p role="status">{t('templates.editor.loading')}</p>}>
          <TemplateEditor templateId={params.template} listHref={listHref} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return (
    <TemplateList
      page={params.page}
      onPageChange={onPageChange}
      hrefOf={(templateId) => hrefOf(toTemplateQuery({ page: params.page, template: templateId }))}
      onCreated={(templateId) => changeParams({ template: templateId })}
    />
  );
}

export const TemplatesPage = withAreaQueries(TemplatesOfTeam);
