import { type FormTheme, formLayouts, pageLanguages, themeFonts } from '@formwerk/contracts';
import { FormView, themeStyle } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { SelectInput, TextInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './form-settings-tab.css';

const colorKeys = ['accentColor', 'backgroundColor', 'textColor'] as const;
const defaultTheme: Partial<FormTheme> = {
  accentColor: '#4f46e5',
  backgroundColor: '#f4f5f9',
  textColor: '#1f2330',
  font: 'system',
};

/** The "form" tab: title and description, the public page's language, theme and layout, with a live preview. */
export function AppearanceSettings() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab('form');
  const setTheme = (theme: Partial<FormTheme>) => update({ ...draft, theme: { ...draft.theme, ...theme } });
  const errorAt = (...path: string[]) => (issueAt(...path) ? t('formSettings.form.invalid') : undefined);

  return (
    <div className="appearance-settings">
      <SettingForm saveState={saveState} onSave={save} onReload={reload}>
        <section className="ui-card" aria-labelledby="appearance-content">
          <h2 id="appearance-content">{t('formSettings.form.contentTitle')}</h2>
          <TextInput
            label={t('formSettings.form.title')}
            value={draft.title}
            maxLength={200}
            error={draft.title.trim() === '' || issueAt('title') ? t('formSettings.form.titleRequired') : undefined}
            onChange={(title) => update({ ...draft, title })}
          />
          <TextInput
            label={t('formSettings.form.description')}
            value={draft.description}
            maxLength={5000}
            isMultiline
            onChange={(description) => update({ ...draft, description })}
          />
          <SelectInput
            label={t('formSettings.form.pageLanguage')}
            hint={t('formSettings.form.pageLanguageHint')}
            value={draft.pageLanguage}
            options={pageLanguages.map((value) => ({ value, label: t(`formSettings.form.pageLanguages.${value}`) }))}
            onChange={(pageLanguage) => update({ ...draft, pageLanguage })}
          />
        </section>
        <section className="ui-card" aria-labelledby="appearance-theme">
          <h2 id="appearance-theme">{t('formSettings.form.themeTitle')}</h2>
          <div className="appearance-settings__colors">
            {colorKeys.map((key) => (
              <label key={key} className="settings-field">
                <span>{t(`formSettings.form.colors.${key}`)}</span>
                <span className="appearance-settings__color">
                  <input
                    type="color"
                    value={draft.theme[key]}
                    onChange={(event) => setTheme({ [key]: event.target.value })}
                  />
                  <code>{draft.theme[key]}</code>
                </span>
              </label>
            ))}
          </div>
          <SelectInput
            label={t('formSettings.form.font')}
            value={draft.theme.font}
            options={themeFonts.map((value) => ({ value, label: t(`formSettings.form.fonts.${value}`) }))}
            onChange={(font) => setTheme({ font })}
          />
          <TextInput
            label={t('formSettings.form.logoUrl')}
            hint={t('formSettings.form.logoUrlHint')}
            type="url"
            value={draft.theme.logoUrl ?? ''}
            error={errorAt('theme', 'logoUrl')}
            placeholder="https://"
            onChange={(logoUrl) => setTheme({ logoUrl: logoUrl.trim() === '' ? null : logoUrl.trim() })}
          />
          <fieldset className="settings-field">
            <legend>{t('formSettings.form.layout')}</legend>
            {formLayouts.map((layout) => (
              <label key={layout} className="settings-field--inline">
                <input
                  type="radio"
                  name="layout"
                  value={layout}
                  checked={draft.layout === layout}
                  onChange={() => update({ ...draft, layout })}
                />
                <span>{t(`formSettings.form.layouts.${layout}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="settings-actions">
            <Button variant="secondary" onClick={() => setTheme(defaultTheme)}>
              {t('formSettings.form.resetTheme')}
            </Button>
          </div>
        </section>
      </SettingForm>
      <section className="ui-card appearance-settings__preview" aria-labelledby="appearance-preview">
        <h2 id="appearance-preview">{t('formSettings.form.previewTitle')}</h2>
        <div className="fw-page appearance-settings__page" style={themeStyle(draft.theme)}>
          <div className="fw-page__card">
            {draft.theme.logoUrl ? <img className="fw-page__logo" src={draft.theme.logoUrl} alt="" /> : null}
            <FormView
              key={draft.layout}
              definition={{
                ...form.definition,
                title: draft.title || form.definition.title,
                description: draft.description,
              }}
              locale={locale}
              isPreview
              titleLevel={2}
              layout={draft.layout}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
