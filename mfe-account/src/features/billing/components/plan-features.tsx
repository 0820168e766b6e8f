import { type PlanId, plans } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { formatCount, formatStorage } from '../utils/billing-format';

/** What a plan allows, in words: its limits, then its features (one it lacks is said too, muted). */
export function PlanFeatures({ planId }: { planId: PlanId }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { limits, features } = plans[planId];
  const counted = (key: string, value: number | null) =>
    value === null
      ? t(`billing.limits.${key}Unlimited`)
      : t(`billing.limits.${key}`, { count: value, value: formatCount(value, locale) });
  const items = [
    { key: 'forms', text: counted('forms', limits.forms), isIncluded: true },
    { key: 'submissions', text: counted('submissions', limits.submissionsPerMonth), isIncluded: true },
    {
      key: 'storage',
      text: t('billing.limits.storage', { value: formatStorage(limits.storageBytes, locale) }),
      isIncluded: true,
    },
    { key: 'seats', text: counted('seats', limits.seats), isIncluded: true },
    {
      key: 'customDomains',
      text: t(features.customDomains ? 'billing.limits.customDomains' : 'billing.limits.noCustomDomains'),
      isIncluded: features.customDomains,
    },
    { key: 'singleSignOn', text: t('billing.limits.singleSignOn'), isIncluded: features.singleSignOn },
  ];
  return (
    <ul className="billing-features" aria-label={t('billing.limits.label')}>
      {items.map((item) => (
        <li key={item.key} data-included={item.isIncluded}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
