import type { Locale, NotificationType } from '@formwerk/contracts';
import de from '@formwerk/platform/locales/de/platform.json';
import en from '@formwerk/platform/locales/en/platform.json';

type Params = Record<string, string>;

/** The notification centre's own sentences (i18next templates; a decision has one per outcome). */
const sentences: Record<Locale, Record<string, string>> = {
  de: de.notifications.types,
  en: en.notifications.types,
};

const fill = (template: string, params: Params) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');

/**
 * What a notification says, in `locale`, on one line, in the words the notification centre shows it
 * with (its parameters are typed by users).
 */
export function noticeSentence(type: NotificationType, params: Params, locale: Locale): string {
  const templates = sentences[locale];
  const template =
    (type === 'requestDecided' ? templates[`${type}_${params.outcome ?? ''}`] : undefined) ?? templates[type] ?? '';
  return fill(template, params)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}
