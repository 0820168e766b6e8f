import formSigning from '../../features/form-documents/locales/en/form-signing.json';
import formSettings from '../../features/form-settings/locales/en/index';
import forms from './forms.json';

/** The forms area's texts in English: its own, the settings pages' and the signing section's (`formSigning`). */
export default { ...forms, ...formSettings, formSigning };
