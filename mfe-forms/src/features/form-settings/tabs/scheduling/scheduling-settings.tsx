import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { SelectInput, TextInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';

// Every zone the browser knows; the stored one stays choosable even if this browser lacks it.
const knownTimeZones = (stored: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(stored) ? zones : [stored, ...zones];
};

/** The "scheduling" tab: when the form opens and closes, how many submissions it takes, what it says meanwhile. */
export function SchedulingSettings() {
  const { t } = useTranslation('forms');
  const { draft, update, save, saveState, issueAt, reload } = useSettingTab('scheduling');
  const limitText = draft.maxSubmissions === null ? '' : String(draft.maxSubmissions);
  const isLimitInvalid = issueAt('maxSubmissions') !== undefined;
  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="scheduling-times">
        <h2 id="scheduling-times">{t('formSettings.scheduling.timesTitle')}</h2>
        <p className="ui-hint">{t('formSettings.scheduling.timesHint')}</p>
        <div className="settings-fields">
          <TextInput
            type="datetime-local"
            label={t('formSettings.scheduling.opensAt')}
            value={draft.opensAt ?? ''}
            onChange={(opensAt) => update({ ...draft, opensAt: opensAt === '' ? null : opensAt.slice(0, 16) })}
          />
          <TextInput
            type="datetime-local"
            label={t('formSettings.scheduling.closesAt')}
            value={draft.closesAt ?? ''}
            error={issueAt('closesAt') ? t('formSettings.scheduling.closesBeforeOpening') : undefined}
            onChange={(closesAt) => update({ ...draft, closesAt: closesAt === '' ? null : closesAt.slice(0, 16) })}
          />
          <SelectInput
            label={t('formSettings.scheduling.timeZone')}
            value={draft.timeZone}
            options={knownTimeZones(draft.timeZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
            onChange={(timeZone) => update({ ...draft, timeZone })}
          />
        </div>
      </section>
      <section className="ui-card" aria-labelledby="scheduling-limit">
        <h2 id="scheduling-limit">{t('formSettings.scheduling.limitTitle')}</h2>
        <TextInput
          type="number"
          label={t('formSettings.scheduling.maxSubmissions')}
          hint={t('formSettings.scheduling.maxSubmissionsHint')}
          value={limitText}
          error={isLimitInvalid ? t('formSettings.scheduling.maxSubmissionsInvalid') : undefined}
          onChange={(text) => {
            const limit = Number(text);
            update({ ...draft, maxSubmissions: text.trim() === '' ? null : Number.isInteger(limit) ? limit : 0 });
          }}
        />
        <TextInput
          isMultiline
          label={t('formSettings.scheduling.closedMessage')}
          hint={t('formSettings.scheduling.closedMessageHint')}
          value={draft.closedMessage}
          maxLength={2000}
          onChange={(closedMessage) => update({ ...draft, closedMessage })}
        />
      </section>
    </SettingForm>
  );
}
