import type { BillingResponse } from '@formwerk/contracts';
import { AppLink, formatCount, formatFileSize, formatStorage, useLocale } from '@formwerk/platform';
import { UsageMeter, usageLevelOf } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type Usage = BillingResponse['usage'];

const usageKeys = ['forms', 'submissionsPerMonth', 'storageBytes', 'seats'] as const satisfies (keyof Usage)[];

/** The team's use of each limit of its plan, as bars; a limit nearly or fully used says what that means. */
export function UsageList({ usage }: { usage: Usage }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  return (
    <div className="billing-usage">
      {usageKeys.map((key) => {
        const { used, allowed } = usage[key];
        // Storage used reads in kilobytes while it is small, the plan's limit as the plan states it.
        const isStorage = key === 'storageBytes';
        const formatUsed = (value: number) => (isStorage ? formatFileSize(value, locale) : formatCount(value, locale));
        const formatAllowed = (value: number) =>
          isStorage ? formatStorage(value, locale) : formatCount(value, locale);
        const level = usageLevelOf(used, allowed);
        return (
          <UsageMeter
            key={key}
            label={t(`billing.usage.${key}`)}
            used={used}
            allowed={allowed}
            valueText={
              allowed === null
                ? t('billing.usage.unlimited', { used: formatUsed(used) })
                : t('billing.usage.of', { used: formatUsed(used), allowed: formatAllowed(allowed) })
            }
            note={
              level === 'full'
                ? t(`billing.usage.full.${key}`)
                : level === 'warning'
                  ? t('billing.usage.nearlyFull')
                  : undefined
            }
          />
        );
      })}
      {/* What takes up the storage, and deleting what is no longer needed, is the storage page's. */}
      <AppLink to="v1-storage">{t('billing.usage.manageStorage')}</AppLink>
    </div>
  );
}
