import de from './locales/de/index';
import en from './locales/en/index';

/** The area's messages in both languages, as the pre-rendered pages read them at build time. */
export const messages = { de, en };
