import type { AppTemplate } from '@formwerk/contracts';
import { AppLink, localePath, useLocale } from '@formwerk/platform';
import { Button, Icon, PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { createAppFromTemplate, listAppTemplates } from '../api/apps-api';
import { appIconComponents } from './app-icons';
import type { AppsPageState } from './apps-page';
import './apps.css';
import { LoadFailure } from '../../../components/load-failure';

/** /v1/apps/templates: ready-made apps; using one creates its forms and the app in the page language. */
export function AppTemplatesPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [templates, setTemplates] = useState<AppTemplate[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [creatingId, setCreatingId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    setErrorKey(null);
    listAppTemplates(locale).then(
      (list) => setTemplates(list.templates),
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, [locale, attempt]);

  const onUse = async (template: AppTemplate) => {
    setCreatingId(template.id);
    setErrorKey(null);
    try {
      const app = await createAppFromTemplate(template.id, locale);
      const state: AppsPageState = { createdName: app.name };
      navigate(localePath('v1-apps', locale), { state });
    } catch (error) {
      setErrorKey(toErrorKey(error));
      setCreatingId(null);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.app-templates.title')}
        description={t('pages.app-templates.description')}
        actions={
          <AppLink to="v1-apps" className="ui-button ui-button--secondary">
            {t('apps.backToApps')}
          </AppLink>
        }
      />
      {errorKey && templates ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      {errorKey && !templates ? (
        <LoadFailure errorKey={errorKey} onRetry={() => setAttempt((count) => count + 1)} />
      ) : null}
      {!templates && !errorKey ? <p className="ui-hint">{t('loading')}</p> : null}
      <div className="forms-grid apps-templates">
        {templates?.map((template) => (
          <article key={template.id} className="ui-card" aria-labelledby={`app-template-${template.id}`}>
            <header className="apps-card__header">
              <span className={`apps-card__icon apps-color--${template.color}`}>
                <Icon icon={appIconComponents[template.icon]} size={24} />
              </span>
              <h2 id={`app-template-${template.id}`}>{template.name}</h2>
            </header>
            <p>{template.description}</p>
            <p className="ui-hint">{t('apps.templates.contains')}</p>
            <ul className="apps-card__forms">
              {template.forms.map((form) => (
                <li key={form.templateId}>{form.title}</li>
              ))}
            </ul>
            <div className="ui-toolbar">
              <Button
                disabled={creatingId !== null}
                onClick={() => onUse(template)}
                aria-describedby={`app-template-${template.id}`}
              >
                {creatingId === template.id ? t('apps.templates.creating') : t('apps.templates.use')}
              </Button>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
