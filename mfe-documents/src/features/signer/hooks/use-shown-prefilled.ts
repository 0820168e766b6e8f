import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { type PrefilledField, shownText } from '../utils/field-values';

/**
 * How a prefilled field reads, on the page and in the summary alike: its name, and its value as the
 * page's language writes it (a date as the seal draws it, a box ticked or not).
 */
export function useShownPrefilled() {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  return ({ field, value }: PrefilledField) => ({
    name: field.label ?? t(`signer.fields.kinds.${field.kind}`),
    text:
      typeof value === 'boolean'
        ? t(value ? 'signer.prefilled.checked' : 'signer.prefilled.unchecked')
        : shownText(field, value, locale),
  });
}
