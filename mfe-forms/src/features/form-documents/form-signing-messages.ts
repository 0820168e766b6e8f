import de from './locales/de/form-signing.json';
import en from './locales/en/form-signing.json';

/** The texts of the documents page's signing section, under `formSigning` of the forms namespace. */
export const formSigningMessages = { de: { formSigning: de }, en: { formSigning: en } };
