import { Button } from '@formwerk/ui';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../hooks/use-setting-tab';

type SettingFormProps = {
  saveState: SaveState;
  onSave: () => void;
  onReload: () => void;
  children: ReactNode;
};

/** A settings tab's form: its fields, then Save with what came of the last save. */
export function SettingForm({ saveState, onSave, onReload, children }: SettingFormProps) {
  const { t } = useTranslation('forms');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {children}
      <div className="settings-form__footer">
        <Button type="submit" disabled={saveState.status === 'saving'}>
          {saveState.status === 'saving' ? t('formSettings.saving') : t('formSettings.save')}
        </Button>
        <div aria-live="polite" className="settings-form__status">
          {saveState.status === 'saved' ? <p role="status">{t('formSettings.saved')}</p> : null}
        </div>
      </div>
      {saveState.status === 'failed' ? (
        <p role="alert" className="ui-error">
          {t(saveState.errorKey)}
        </p>
      ) : null}
      {saveState.status === 'conflict' ? (
        <div role="alert" className="settings-form__conflict">
          <p>{t('formSettings.conflict')}</p>
          <Button variant="secondary" onClick={onReload}>
            {t('formSettings.reload')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
