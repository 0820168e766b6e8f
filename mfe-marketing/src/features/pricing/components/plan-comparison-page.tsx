import { type PlanId, planIds, plans } from '@formwerk/contracts/plans';
import { formatCount, formatPrice, formatStorage, useLocale } from '@formwerk/platform';
import { TableFrame, TitledPage } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import './pricing.css';

type Row = { key: string; cell: (planId: PlanId) => string };

/** /pricing1: every plan side by side, a row per price, limit and feature (the same plans config). */
export function PlanComparisonPage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const countOrUnlimited = (value: number | null) =>
    value === null ? t('pricingPage.table.unlimited') : formatCount(value, locale);
  const yesNo = (value: boolean) => t(value ? 'pricingPage.table.yes' : 'pricingPage.table.no');
  const rows: Row[] = [
    { key: 'month', cell: (planId) => formatPrice(plans[planId].prices?.month ?? 0, locale) },
    { key: 'year', cell: (planId) => formatPrice(plans[planId].prices?.year ?? 0, locale) },
    { key: 'forms', cell: (planId) => countOrUnlimited(plans[planId].limits.forms) },
    { key: 'submissions', cell: (planId) => countOrUnlimited(plans[planId].limits.submissionsPerMonth) },
    { key: 'storage', cell: (planId) => formatStorage(plans[planId].limits.storageBytes, locale) },
    { key: 'seats', cell: (planId) => countOrUnlimited(plans[planId].limits.seats) },
    { key: 'customDomains', cell: (planId) => yesNo(plans[planId].features.customDomains) },
    { key: 'singleSignOn', cell: (planId) => yesNo(plans[planId].features.singleSignOn) },
  ];
  return (
    <>
      <TitledPage namespace="marketing" pageKey="pricing-alternate" />
      <TableFrame label={t('pricingPage.table.label')}>
        <table className="ui-table marketing-comparison">
          <thead>
            <tr>
              <th scope="col">{t('pricingPage.table.what')}</th>
              {planIds.map((planId) => (
                <th key={planId} scope="col">
                  {t(`platform:plans.names.${planId}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{t(`pricingPage.table.rows.${row.key}`)}</th>
                {planIds.map((planId) => (
                  <td key={planId}>{row.cell(planId)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <p className="ui-hint">{t('platform:plans.vatNote')}</p>
    </>
  );
}
