import { type PlanId, plans } from '@formwerk/contracts/plans';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../navigation/use-locale';
import { formatCount, formatStorage } from './plan-format';

/**
 * What a plan allows, in words: its limits, then its features (one it lacks is said too, muted). The
 * pricing pages and the subscription pages say it alike, from the one plans config.
 */
export function PlanFeatures({ planId }: { planId: PlanId }) {
  const { t } = useTranslation('platform');
  const locale = useLocale();
  const { limits, features } = plans[planId];
  const counted = (key: string, value: number | null) =>
    value === null
      ? t(`plans.limits.${key}Unlimited`)
      : t(`plans.limits.${key}`, { count: value, value: formatCount(value, locale) });
  const items = [
    { key: 'forms', text: counted('forms', limits.forms), isIncluded: true },
    { key: 'submissions', text: counted('submissions', limits.submissionsPerMonth), isIncluded: true },
    {
      key: 'storage',
      text: t('plans.limits.storage', { value: formatStorage(limits.storageBytes, locale) }),
      isIncluded: true,
    },
    { key: 'seats', text: counted('seats', limits.seats), isIncluded: true },
    {
      key: 'customDomains',
      text: t(features.customDomains ? 'plans.limits.customDomains' : 'plans.limits.noCustomDomains'),
      isIncluded: features.customDomains,
    },
    { key: 'singleSignOn', text: t('plans.limits.singleSignOn'), isIncluded: features.singleSignOn },
  ];
  return (
    <ul className="ui-check-list" aria-label={t('plans.limits.label')}>
      {items.map((item) => (
        <li key={item.key} data-included={item.isIncluded}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
