import formSigning from '../../features/form-documents/locales/de/form-signing.json';
import formSettings from '../../features/form-settings/locales/de/index';
import forms from './forms.json';

/** The forms area's texts in German: its own, the settings pages' and the signing section's (`formSigning`). */
export default { ...forms, ...formSettings, formSigning };
