import type { TemplateSummary } from '@formwerk/contracts';
import { AppLink, useLocale } from '@formwerk/platform';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { createFormFromTemplate } from '../api/templates-api';
import { CreateFromTemplateButton } from './create-from-template-button';

/** A built-in template in the gallery: what it is for, and the two ways on: look first, or start. */
export function TemplateCard({ template }: { template: TemplateSummary }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const titleId = useId();

  return (
    <article className="ui-card templates-card" aria-labelledby={titleId}>
      <span className="ui-badge">{t(`templates.categories.${template.category}`)}</span>
      <h3 id={titleId}>{template.title}</h3>
      <p className="ui-hint">{template.description}</p>
      <p className="templates-card__meta">{t('templates.fieldCount', { count: template.fieldCount })}</p>
      <div className="templates-card__actions">
        <AppLink
          to="v1-template-id"
          params={{ id: template.id }}
          className="ui-button ui-button--secondary"
          aria-describedby={titleId}
        >
          {t('templates.preview.open')}
        </AppLink>
        <CreateFromTemplateButton
          label={t('templates.use')}
          describedBy={titleId}
          create={() => createFormFromTemplate(template.id, locale)}
        />
      </div>
    </article>
  );
}
