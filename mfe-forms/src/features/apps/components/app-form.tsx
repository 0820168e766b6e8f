import { type AppColor, type AppDto, type AppIcon, appColors, appIcons, type FormSummary } from '@formwerk/contracts';
import { Button, Icon } from '@formwerk/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appIconComponents } from './app-icons';

export type AppDraft = { name: string; icon: AppIcon; color: AppColor; formIds: string[] };

type AppFormProps = {
  /** The app being changed; none for a new one. */
  app?: AppDto;
  forms: FormSummary[];
  isSaving: boolean;
  onSave: (draft: AppDraft) => void;
  onCancel: () => void;
};

/** Name, icon, colour and the forms of an app; the forms keep the order they were ticked in. */
export function AppForm({ app, forms, isSaving, onSave, onCancel }: AppFormProps) {
  const { t } = useTranslation('forms');
  const titleId = useId();
  const [name, setName] = useState(app?.name ?? '');
  const [icon, setIcon] = useState<AppIcon>(app?.icon ?? 'briefcase');
  const [color, setColor] = useState<AppColor>(app?.color ?? 'blue');
  const [formIds, setFormIds] = useState<string[]>(app?.forms.map((form) => form.id) ?? []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') onSave({ name: name.trim(), icon, color, formIds });
  };

  return (
    <form className="ui-card forms-card--wide apps-form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h2 id={titleId}>{app ? t('apps.form.editTitle', { name: app.name }) : t('apps.form.newTitle')}</h2>
      <label className="ui-field">
        {t('apps.form.name')}
        <input value={name} maxLength={80} required onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset className="apps-choices">
        <legend>{t('apps.form.icon')}</legend>
        {appIcons.map((candidate) => (
          <label key={candidate} className="apps-choice" title={t(`apps.icons.${candidate}`)}>
            <input
              type="radio"
              name="app-icon"
              value={candidate}
              checked={icon === candidate}
              onChange={() => setIcon(candidate)}
            />
            <Icon icon={appIconComponents[candidate]} label={t(`apps.icons.${candidate}`)} size={22} />
          </label>
        ))}
      </fieldset>
      <fieldset className="apps-choices">
        <legend>{t('apps.form.color')}</legend>
        {appColors.map((candidate) => (
          <label key={candidate} className="apps-choice">
            <input
              type="radio"
              name="app-color"
              value={candidate}
              checked={color === candidate}
              onChange={() => setColor(candidate)}
            />
            <span className={`apps-swatch apps-color--${candidate}`} aria-hidden="true" />
            {t(`apps.colors.${candidate}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="apps-forms">
        <legend>{t('apps.form.forms')}</legend>
        {forms.length === 0 ? <p className="ui-hint">{t('apps.form.noForms')}</p> : null}
        {forms.map((form) => (
          <label key={form.id} className="ui-field ui-field--inline">
            <input
              type="checkbox"
              checked={formIds.includes(form.id)}
              onChange={(event) =>
                setFormIds((current) =>
                  event.target.checked ? [...current, form.id] : current.filter((formId) => formId !== form.id),
                )
              }
            />
            {form.title}
          </label>
        ))}
      </fieldset>
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={isSaving || name.trim() === ''}>
          {app ? t('apps.form.save') : t('apps.form.create')}
        </Button>
      </div>
    </form>
  );
}
