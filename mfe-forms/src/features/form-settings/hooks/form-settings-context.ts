import type { FormResponse, FormSettingsResponse } from '@formwerk/contracts';
import { createContext, useContext } from 'react';

export type FormSettingsContextValue = {
  /** The form as the builder saved it: its fields and pages for the tabs' pickers. */
  form: FormResponse;
  settings: FormSettingsResponse;
  /** After a save: the new settings and version for every tab. */
  onSaved: (settings: FormSettingsResponse) => void;
  /** Loads form and settings again, e.g. after a version conflict. */
  reload: () => void;
};

export const FormSettingsContext = createContext<FormSettingsContextValue | null>(null);

export function useFormSettingsContext(): FormSettingsContextValue {
  const value = useContext(FormSettingsContext);
  if (!value) throw new Error('A settings tab renders inside FormSettingsLayout');
  return value;
}
