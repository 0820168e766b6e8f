import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AreaModule } from '../area/area-module';
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

const areaMessages = new Map<string, AreaModule['messages']>();
const loadedAreaBundles = new Map<string, Promise<void>>();

/** Registers a remote's namespace: where its texts in each language are (see AreaModule.messages). */
export function registerNamespace(namespace: string, messages: AreaModule['messages']): void {
  areaMessages.set(namespace, messages);
}

/**
 * Loads the registered namespace's texts in `locale` once; a failed load is forgotten, so that the next
 * call tries again.
 */
export function loadNamespace(namespace: string, locale: Locale): Promise<void> {
  const key = `${namespace}:${locale}`;
  const loaded = loadedAreaBundles.get(key);
  if (loaded) return loaded;
  const load = areaMessages.get(namespace)?.[locale];
  if (!load) return Promise.resolve();
  const loading = load().then(
    (messages) => {
      i18n.addResourceBundle(locale, namespace, messages, true, true);
    },
    (error: unknown) => {
      loadedAreaBundles.delete(key);
      throw error;
    },
  );
  loadedAreaBundles.set(key, loading);
  return loading;
}

/** The site's texts in `locale`: the shell's common ones and those of every area registered so far. */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all([
    loadCommonMessages(locale),
    ...[...areaMessages.keys()].map((namespace) => loadNamespace(namespace, locale)),
  ]);
}

const loadedCommonLocales = new Set<Locale>();

/** The shell's `common` messages, served at /_i18n/{locale}/messages.json and cached 24 h by HTTP. */
async function loadCommonMessages(locale: Locale): Promise<void> {
  if (loadedCommonLocales.has(locale)) return;
  const response = await fetch(`/_i18n/${locale}/messages.json`);
  if (!response.ok) throw new Error(`Messages for ${locale} answered ${response.status}`);
  i18n.addResourceBundle(locale, commonNamespace, await response.json(), true, true);
  loadedCommonLocales.add(locale);
}
