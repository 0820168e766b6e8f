import type { FormResponse, FormSettingsResponse } from '@formwerk/contracts';
import { FormView, themeStyle } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { AppLink, apiRequest, useLocale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import './form-preview.css';

type Loaded = { form: FormResponse; settings: FormSettingsResponse['settings'] };

/**
 * /v1/preview/{id}: the form as respondents will see it, from the same renderer as the public page,
 * with the current (perhaps unpublished) edits and the form's settings (theme, layout, conditions,
 * error texts); answers are checked but never sent.
 */
export function FormPreviewPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([
      apiRequest<FormResponse>(`/forms/${id}`),
      apiRequest<FormSettingsResponse>(`/forms/${id}/settings`),
    ]).then(
      ([form, { settings }]) => isCurrent && setLoaded({ form, settings }),
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
      {!loaded && !errorKey ? (
        <p className="forms-hint" role="status">
          {t('loading')}
        </p>
      ) : null}
      {loaded ? (
        <div className="form-preview">
          <p className="form-preview__notice">{t('preview.notice')}</p>
          <div className="fw-page form-preview__page" style={themeStyle(loaded.settings.form.theme)}>
            <div className="fw-page__card">
              {loaded.settings.form.theme.logoUrl ? (
                <img className="fw-page__logo" src={loaded.settings.form.theme.logoUrl} alt="" />
              ) : null}
              <FormView
                key={loaded.form.version}
                definition={loaded.form.definition}
                locale={locale}
                isPreview
                titleLevel={2}
                logic={loaded.settings.condition.rules}
                errorTexts={loaded.settings.error}
                layout={loaded.settings.form.layout}
              />
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
