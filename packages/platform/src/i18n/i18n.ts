import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, type Locale, locales } from '../locale/locale';
import dePlatform from '../locales/de/platform.json';
import enPlatform from '../locales/en/platform.json';

/** The one i18next instance of the site; shared as a federation singleton with `platform`. */
export const i18n = i18next.createInstance();

const commonNamespace = 'common';

export async function initI18n(locale: Locale, resources: Resource = {}): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    ns: [commonNamespace],
    defaultNS: commonNamespace,
    // The platform's own texts (notification sentences, the standalone frame) travel with its code.
    resources: {
      ...resources,
      de: { ...resources.de, platform: dePlatform },
      en: { ...resources.en, platform: enPlatform },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Registers a remote's namespace (its de and en messages travel with its code). */
export function addNamespace(namespace: string, messages: Record<Locale, Record<string, unknown>>): void {
  for (const locale of locales) {
    i18n.addResourceBundle(locale, namespace, messages[locale], true, true);
  }
}

const loadedCommonLocales = new Set<Locale>();

/** The shell's `common` messages, served at /_i18n/{locale}/messages.json and cached 24 h by HTTP. */
export async function loadCommonMessages(locale: Locale): Promise<void> {
  if (loadedCommonLocales.has(locale)) return;
  const response = await fetch(`/_i18n/${locale}/messages.json`);
  if (!response.ok) throw new Error(`Messages for ${locale} answered ${response.status}`);
  i18n.addResourceBundle(locale, commonNamespace, await response.json(), true, true);
  loadedCommonLocales.add(locale);
}
