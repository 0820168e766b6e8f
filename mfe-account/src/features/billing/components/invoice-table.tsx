import type { Invoice } from '@formwerk/contracts';
import { formatDate, formatMoney, useLocale } from '@formwerk/platform';
import { CellLabel, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

// The api answers the latest twelve; with as many, older ones may exist (the customer portal has them).
const invoicesShown = 12;

const statusTones: Partial<Record<Invoice['status'], string>> = {
  paid: 'ui-badge--success',
  open: 'ui-badge--info',
  uncollectible: 'ui-badge--danger',
};

/**
 * The team's latest invoices with Stripe's page and PDF of each. On a phone each row is a card (billing.css):
 * the cells' labels, hidden for screen readers that have the column headers, show beside the values.
 */
export function InvoiceTable({ invoices, mayManage }: { invoices: Invoice[]; mayManage: boolean }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const columns = ['number', 'date', 'amount', 'status', 'documents'] as const;
  const label = (column: (typeof columns)[number]) => <CellLabel>{t(`billing.invoices.${column}`)}</CellLabel>;

  return (
    <section className="ui-card" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices">{t('billing.invoices.title')}</h2>
      {invoices.length === 0 ? (
        <p className="ui-hint">{t('billing.invoices.empty')}</p>
      ) : (
        <TableFrame labelledBy="billing-invoices">
          <table className="ui-table ui-table--cards billing-invoices" aria-labelledby="billing-invoices">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`billing.invoices.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const number = invoice.number ?? t('billing.invoices.draft');
                const date = formatDate(new Date(invoice.createdAt), locale);
                // Each link's name says which invoice it opens, and where: read, not shown.
                const context = (
                  <span className="ui-visually-hidden">{`: ${t('billing.invoices.linkContext', { number, date })}`}</span>
                );
                return (
                  <tr key={invoice.id}>
                    <td>
                      {label('number')}
                      {number}
                    </td>
                    <td>
                      {label('date')}
                      {date}
                    </td>
                    <td className="billing-invoices__amount">
                      {label('amount')}
                      {formatMoney(invoice.total, invoice.currency, locale)}
                    </td>
                    <td>
                      {label('status')}
                      <span className={['ui-badge', statusTones[invoice.status]].filter(Boolean).join(' ')}>
                        {t(`billing.invoices.statuses.${invoice.status}`)}
                      </span>
                    </td>
                    <td>
                      {label('documents')}
                      <span className="billing-invoices__links">
                        {invoice.hostedUrl ? (
                          <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer">
                            {t('billing.invoices.view')}
                            {context}
                          </a>
                        ) : null}
                        {invoice.pdfUrl ? (
                          <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
                            {t('billing.invoices.pdf')}
                            {context}
                          </a>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      {mayManage && invoices.length >= invoicesShown ? (
        <p className="ui-hint">{t('billing.invoices.latest', { count: invoices.length })}</p>
      ) : null}
    </section>
  );
}
