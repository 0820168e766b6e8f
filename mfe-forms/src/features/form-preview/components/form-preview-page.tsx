import type { FormResponse } from '@formwerk/contracts';
import { FormView } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { AppLink, apiRequest, useLocale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import './form-preview.css';

/**
 * /v1/preview/{id}: the form as respondents will see it, from the same renderer as the public page,
 * with the current (perhaps unpublished) edits; answers are checked but never sent.
 */
export function FormPreviewPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const [form, setForm] = useState<FormResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    apiRequest<FormResponse>(`/forms/${id}`).then(
      (loaded) => isCurrent && setForm(loaded),
      (error: unknown) => isCurrent && setErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [id]);

  return (
    <>
      <PageHeader
        eyebrow={t('preview.eyebrow')}
        title={t('pages.form-preview.title')}
        description={t('preview.description')}
        actions={
          <AppLink to="v1-forms-id" params={{ id }} className="ui-button ui-button--secondary">
            {t('preview.backToBuilder')}
          </AppLink>
        }
      />
      {errorKey ? (
        <p className="forms-error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      {!form && !errorKey ? (
        <p className="forms-hint" role="status">
          {t('loading')}
        </p>
      ) : null}
      {form ? (
        <div className="form-preview">
          <p className="form-preview__notice">{t('preview.notice')}</p>
          <div className="fw-page__card">
            <FormView key={form.version} definition={form.definition} locale={locale} isPreview titleLevel={2} />
          </div>
        </div>
      ) : null}
    </>
  );
}
