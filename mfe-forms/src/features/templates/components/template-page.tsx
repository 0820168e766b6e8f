import type { TemplateResponse } from '@formwerk/contracts';
import { ApiError, AppLink, useLocale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { createFormFromTemplate, findTemplate } from '../api/templates-api';
import { CreateFromTemplateButton } from './create-from-template-button';
import { TemplatePreview } from './template-preview';
import './templates.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; template: TemplateResponse };

// A slug that names no template (or is not even shaped like one) is simply not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/** /v1/template/{id}: a built-in template, worded in the page's language, to try out and then use. */
export function TemplatePage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findTemplate(id, locale).then(
      (template) => isCurrent && setLoad({ status: 'ready', template }),
      (error: unknown) =>
        isCurrent &&
        setLoad(
          error instanceof ApiError && notFoundCodes.has(error.code)
            ? { status: 'not-found' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        ),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, locale]);

  const template = load.status === 'ready' ? load.template : null;

  return (
    <>
      <PageHeader
        eyebrow={t('pages.template.title')}
        title={template?.title ?? t('pages.template.title')}
        description={template?.description ?? t('pages.template.description')}
        actions={
          <>
            <AppLink to="v1-forms-templates" className="ui-button ui-button--secondary">
              {t('templates.backToGallery')}
            </AppLink>
            {template ? (
              <CreateFromTemplateButton
                label={t('templates.useThis')}
                create={() => createFormFromTemplate(template.id, locale)}
              />
            ) : null}
          </>
        }
      />
      {template ? (
        <>
          <p className="templates-facts">
            <span className="ui-badge">{t(`templates.categories.${template.category}`)}</span>
            <span>{t('templates.fieldCount', { count: template.fieldCount })}</span>
          </p>
          <TemplatePreview definition={template.definition} />
        </>
      ) : load.status === 'not-found' ? (
        <section className="ui-card ui-empty" aria-labelledby="template-not-found">
          <h2 id="template-not-found">{t('templates.notFound.title')}</h2>
          <p>{t('templates.notFound.text')}</p>
        </section>
      ) : load.status === 'failed' ? (
        <p className="ui-error" role="alert">
          {t(load.errorKey)}
        </p>
      ) : (
        <p className="ui-hint" role="status">
          {t('loading')}
        </p>
      )}
    </>
  );
}
