import { type ReferenceSettings as ReferenceValue, referenceSettingsSchema } from '@formwerk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { CheckboxInput, SelectInput, TextInput } from '../../components/setting-inputs';
import { useFormSettingsContext } from '../../hooks/form-settings-context';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './reference-settings.css';

const paddings = Array.from({ length: 10 }, (_, index) => index + 1);

/** The year now on the wall clock of the form's time zone, as the api puts it into a reference. */
function currentYear(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(new Date());
  } catch {
    // A zone this browser does not know: the local year is right nearly all year round.
    return String(new Date().getFullYear());
  }
}

/** The reference the pattern gives the `number`th submission, built as the api builds it. */
function formatReference(pattern: ReferenceValue, year: string, number: number): string {
  const counter = String(number).padStart(pattern.padding, '0');
  return `${pattern.prefix}${pattern.includeYear ? `${year}-` : ''}${counter}`;
}

/** The "reference" tab: a number for every submission from prefix, year and a padded per-form counter. */
export function ReferenceSettings() {
  const { t } = useTranslation('forms');
  const exampleId = useId();
  const { draft, update, save, saveState, issueAt, reload } = useSettingTab('reference');
  const { settings } = useFormSettingsContext();
  const year = currentYear(settings.settings.scheduling.timeZone);
  const isPrefixValid = referenceSettingsSchema.shape.prefix.safeParse(draft.prefix).success;

  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="reference-numbering">
        <h2 id="reference-numbering">{t('formSettings.reference.title')}</h2>
        <p className="ui-hint">{t('formSettings.reference.hint')}</p>
        <CheckboxInput
          label={t('formSettings.reference.isEnabled')}
          checked={draft.isEnabled}
          onChange={(isEnabled) => update({ ...draft, isEnabled })}
        />
      </section>
      {draft.isEnabled ? (
        <section className="ui-card" aria-labelledby="reference-pattern">
          <h2 id="reference-pattern">{t('formSettings.reference.patternTitle')}</h2>
          <div className="settings-fields">
            <TextInput
              label={t('formSettings.reference.prefix')}
              hint={t('formSettings.reference.prefixHint')}
              value={draft.prefix}
              maxLength={20}
              error={!isPrefixValid || issueAt('prefix') ? t('formSettings.reference.prefixInvalid') : undefined}
              onChange={(prefix) => update({ ...draft, prefix: prefix.trim() })}
            />
            <CheckboxInput
              label={t('formSettings.reference.includeYear')}
              hint={t('formSettings.reference.includeYearHint')}
              checked={draft.includeYear}
              onChange={(includeYear) => update({ ...draft, includeYear })}
            />
            <SelectInput
              label={t('formSettings.reference.padding')}
              value={String(draft.padding)}
              options={paddings.map((padding) => ({
                value: String(padding),
                label: t('formSettings.reference.paddingOption', {
                  count: padding,
                  example: String(1).padStart(padding, '0'),
                }),
              }))}
              onChange={(padding) => update({ ...draft, padding: Number(padding) })}
            />
            <div className="reference-settings__example">
              <span id={exampleId}>{t('formSettings.reference.example')}</span>
              <output aria-labelledby={exampleId}>{formatReference(draft, year, 1)}</output>
            </div>
            <p className="ui-hint">{t('formSettings.reference.counterHint')}</p>
          </div>
        </section>
      ) : null}
    </SettingForm>
  );
}
