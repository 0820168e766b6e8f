import type { TeamTemplateResponse } from '@formwerk/contracts';
import { ApiError, AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { createFormFromTeamTemplate, findTeamTemplate } from '../api/templates-api';
import { CreateFromTemplateButton } from './create-from-template-button';
import { DeleteTeamTemplateButton } from './delete-team-template-button';
import { TemplatePreview } from './template-preview';
import './templates.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; template: TeamTemplateResponse };

// Another team's template, a deleted one and an id of the wrong shape all read as not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/** /v1/templates/{id}: a template the team saved from one of its forms, to try out, use or delete. */
export function TeamTemplatePage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findTeamTemplate(id).then(
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
  }, [id]);

  const template = load.status === 'ready' ? load.template : null;

  return (
    <>
      <PageHeader
        eyebrow={t('pages.team-template.title')}
        title={template?.name ?? t('pages.team-template.title')}
        description={template?.description || t('pages.team-template.description')}
        actions={
          <>
            <AppLink to="v1-forms-templates" className="ui-button ui-button--secondary">
              {t('templates.backToGallery')}
            </AppLink>
            {template ? <DeleteTeamTemplateButton template={template} /> : null}
            {template ? (
              <CreateFromTemplateButton
                label={t('templates.useThis')}
                create={() => createFormFromTeamTemplate(template.id)}
              />
            ) : null}
          </>
        }
      />
      {template ? (
        <>
          <p className="templates-facts">
            <span className="ui-badge">{t(`templates.languages.${template.language}`)}</span>
            <span>{t('templates.fieldCount', { count: template.fieldCount })}</span>
          </p>
          <TemplatePreview definition={template.definition} />
        </>
      ) : load.status === 'not-found' ? (
        <section className="ui-card ui-empty" aria-labelledby="team-template-not-found">
          <h2 id="team-template-not-found">{t('templates.notFound.title')}</h2>
          <p>{t('templates.notFound.teamText')}</p>
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
