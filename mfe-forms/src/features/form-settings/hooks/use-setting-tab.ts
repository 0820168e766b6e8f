import type { FormSettings, FormSettingTab, ValidationDetails } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { saveFormSetting } from '../api/form-settings-api';
import { useFormSettingsContext } from './form-settings-context';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'conflict' }
  | { status: 'failed'; errorKey: string; issues: ValidationDetails['issues'] };

/**
 * One settings tab's draft: edited locally, saved with the form's version (a save based on an older
 * version is refused and offers to reload), live on the public page once saved.
 */
export function useSettingTab<Tab extends FormSettingTab>(
  tab: Tab,
  /** What of the draft the api takes, e.g. without the status fields a response adds. */
  toValue: (draft: FormSettings[Tab]) => unknown = (draft) => draft,
) {
  const { form, settings, onSaved, reload } = useFormSettingsContext();
  const [draft, setDraft] = useState<FormSettings[Tab]>(settings.settings[tab]);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle' });

  const update = (next: FormSettings[Tab]) => {
    setDraft(next);
    if (saveState.status === 'saved') setSaveState({ status: 'idle' });
  };

  const save = async () => {
    setSaveState({ status: 'saving' });
    try {
      const saved = await saveFormSetting(form.id, tab, settings.version, toValue(draft));
      onSaved(saved);
      setDraft(saved.settings[tab]);
      setSaveState({ status: 'saved' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') return setSaveState({ status: 'conflict' });
      const issues =
        error instanceof ApiError && error.code === 'VALIDATION_FAILED'
          ? ((error.details as ValidationDetails | undefined)?.issues ?? [])
          : [];
      setSaveState({ status: 'failed', errorKey: toErrorKey(error), issues });
    }
  };

  /** The first problem the api named at `path` (e.g. ['rules', 0]), as its code. */
  const issueAt = (...path: (string | number)[]) =>
    saveState.status === 'failed'
      ? saveState.issues.find((issue) => path.every((key, index) => issue.path[index] === key))?.code
      : undefined;

  return { form, draft, update, save, saveState, issueAt, reload };
}
