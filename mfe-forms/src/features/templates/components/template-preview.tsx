import type { FormDefinition } from '@formwerk/contracts';
import { FormView } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

/** The template's form as respondents would meet it, to try out: answers are checked, never sent. */
export function TemplatePreview({ definition }: { definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  return (
    <section className="templates-preview" aria-label={t('templates.preview.label')}>
      <p className="templates-preview__notice">{t('templates.preview.notice')}</p>
      <div className="fw-page__card">
        <FormView definition={definition} locale={locale} isPreview titleLevel={2} />
      </div>
    </section>
  );
}
