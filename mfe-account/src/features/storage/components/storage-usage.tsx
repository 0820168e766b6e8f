import type { StorageOverview } from '@formwerk/contracts';
import { AppLink, formatFileSize, formatStorage, useLocale } from '@formwerk/platform';
import { UsageMeter, usageLevelOf } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

/**
 * The team's storage against its plan's limit, as its bar; nearly or fully used, what that means and the
 * way to a larger plan.
 */
export function StorageUsage({ overview }: { overview: StorageOverview }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { usedBytes, limitBytes, planId } = overview;
  const level = usageLevelOf(usedBytes, limitBytes);
  const allowed = formatStorage(limitBytes, locale);
  return (
    <section className="ui-card storage-usage" aria-labelledby="storage-usage">
      <h2 id="storage-usage">{t('storage.usage.title')}</h2>
      <UsageMeter
        label={t('storage.usage.meter')}
        used={usedBytes}
        allowed={limitBytes}
        // A few kilobytes used read as such, not as "0 MB" (formatFileSize).
        valueText={t('storage.usage.of', { used: formatFileSize(usedBytes, locale), allowed })}
        note={
          level === 'full' ? t('storage.usage.full') : level === 'warning' ? t('storage.usage.nearlyFull') : undefined
        }
      />
      <p className="ui-hint">{t('storage.usage.plan', { plan: t(`platform:plans.names.${planId}`), allowed })}</p>
      {level === 'full' || level === 'warning' ? (
        <p>
          <AppLink to="v1-subscriptions" className="ui-button ui-button--primary">
            {t('storage.usage.upgrade')}
          </AppLink>
        </p>
      ) : null}
    </section>
  );
}
