import type { TemplateCategory, TemplateSummary } from '@formwerk/contracts';
import { AppLink, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { listTemplates } from '../api/templates-api';
import { TeamTemplatesSection } from './team-templates-section';
import { TemplateCard } from './template-card';
import './templates.css';

function matches(template: TemplateSummary, search: string): boolean {
  const text = `${template.title} ${template.description}`.toLocaleLowerCase();
  return text.includes(search.trim().toLocaleLowerCase());
}

/**
 * /v1/forms/templates: the built-in templates, filtered by category and search (kept in the address,
 * so going back returns to the same selection), and below them the team's own templates.
 */
export function TemplateGalleryPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const search = searchParams.get('search') ?? '';
  const category = searchParams.get('category');

  const load = useCallback(() => {
    setErrorKey(null);
    listTemplates(locale).then(
      (list) => setTemplates(list.templates),
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, [locale]);
  useEffect(load, [load]);

  const setFilter = (name: 'search' | 'category', value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  const categories = [...new Set(templates?.map((template) => template.category))];
  const shown = templates?.filter(
    (template) => (!category || template.category === category) && matches(template, search),
  );

  const chip = (value: TemplateCategory | null, label: string) => (
    <button
      key={value ?? 'all'}
      type="button"
      className="templates-chip"
      aria-pressed={category === value}
      onClick={() => setFilter('category', value)}
    >
      {label}
    </button>
  );

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.form-templates.title')}
        description={t('pages.form-templates.description')}
        actions={
          <AppLink to="v1-forms" className="ui-button ui-button--secondary">
            {t('templates.backToForms')}
          </AppLink>
        }
      />
      <section className="templates-section" aria-labelledby="templates-gallery-title">
        <h2 id="templates-gallery-title">{t('templates.gallery.title')}</h2>
        <div className="ui-toolbar">
          <label className="ui-field">
            {t('templates.gallery.search')}
            <input type="search" value={search} onChange={(event) => setFilter('search', event.target.value)} />
          </label>
        </div>
        {templates ? (
          <fieldset className="templates-chips">
            <legend>{t('templates.gallery.categories')}</legend>
            {chip(null, t('templates.gallery.allCategories'))}
            {categories.map((value) => chip(value, t(`templates.categories.${value}`)))}
          </fieldset>
        ) : null}
        {errorKey ? (
          <div className="ui-card">
            <p className="ui-error" role="alert">
              {t(errorKey)}
            </p>
            <Button variant="secondary" onClick={load}>
              {t('retry')}
            </Button>
          </div>
        ) : null}
        {!templates && !errorKey ? (
          <p className="ui-hint" role="status">
            {t('loading')}
          </p>
        ) : null}
        {shown?.length === 0 ? (
          <div className="ui-card ui-empty">
            <p>{t('templates.gallery.noMatch')}</p>
            <Button variant="secondary" onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}>
              {t('templates.gallery.showAll')}
            </Button>
          </div>
        ) : null}
        {shown?.length ? (
          <ul className="forms-grid templates-list" aria-label={t('templates.gallery.results')}>
            {shown.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <TeamTemplatesSection />
    </>
  );
}
