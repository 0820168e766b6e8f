import type { FormResponse, FormSettingsResponse } from '@formwerk/contracts';
import { ApiError, AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormTabs } from '../../../components/form-tabs';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { findForm, findFormSettings } from '../api/form-settings-api';
import { FormSettingsContext } from '../hooks/form-settings-context';
import './form-settings.css';
import { LoadFailure } from '../../../components/load-failure';
import { type SettingTabKey, settingTabs } from './setting-tabs';

type LoadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; form: FormResponse; settings: FormSettingsResponse };

const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

type FormSettingsLayoutProps = {
  /** The open tab; null on the overview. */
  tab: SettingTabKey | null;
  children: ReactNode;
};

/**
 * The frame of every settings page of a form: its tabs on top, the settings menu beside, and the
 * open tab with the form and its settings loaded (or a clear state while they are not).
 */
export function FormSettingsLayout({ tab, children }: FormSettingsLayoutProps) {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    Promise.all([findForm(id), findFormSettings(id)]).then(
      ([form, settings]) => setLoad({ status: 'ready', form, settings }),
      (error: unknown) =>
        setLoad(
          error instanceof ApiError && notFoundCodes.has(error.code)
            ? { status: 'not-found' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        ),
    );
  }, [id]);
  useEffect(reload, [reload]);

  const context = useMemo(
    () =>
      load.status === 'ready'
        ? {
            form: load.form,
            settings: load.settings,
            onSaved: (settings: FormSettingsResponse) =>
              setLoad({
                status: 'ready',
                settings,
                form: {
                  ...load.form,
                  version: settings.version,
                  definition: {
                    ...load.form.definition,
                    title: settings.settings.form.title,
                    description: settings.settings.form.description,
                  },
                },
              }),
            reload,
          }
        : null,
    [load, reload],
  );

  const pageKey = tab ? `form-setting-${tab}` : 'form-settings';
  return (
    <>
      <PageHeader
        eyebrow={context?.form.definition.title ?? t('area')}
        title={t(`pages.${pageKey}.title`)}
        description={t(`pages.${pageKey}.description`)}
      />
      <FormTabs formId={id} current="settings" />
      <div className="settings-frame">
        <nav className="settings-menu" aria-label={t('formSettings.menuLabel')}>
          <AppLink to="v1-forms-id-setting" params={{ id }} aria-current={tab === null ? 'page' : undefined}>
            {t('formSettings.overview')}
          </AppLink>
          {settingTabs.map((key) => (
            <AppLink
              key={key}
              to={`v1-forms-id-setting-${key}`}
              params={{ id }}
              aria-current={key === tab ? 'page' : undefined}
            >
              {t(`pages.form-setting-${key}.title`)}
            </AppLink>
          ))}
        </nav>
        <div className="settings-content">
          {context ? (
            <FormSettingsContext.Provider value={context}>{children}</FormSettingsContext.Provider>
          ) : load.status === 'not-found' ? (
            <section className="ui-card" aria-labelledby="settings-not-found">
              <h2 id="settings-not-found">{t('formSettings.notFoundTitle')}</h2>
              <p>{t('errors.NOT_FOUND')}</p>
            </section>
          ) : load.status === 'failed' ? (
            <LoadFailure errorKey={load.errorKey} onRetry={reload} />
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </div>
      </div>
    </>
  );
}
