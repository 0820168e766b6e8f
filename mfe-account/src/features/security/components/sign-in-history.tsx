import type { SignInEntry } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, CellLabel, Pagination, TableFrame } from '@formwerk/ui';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIns } from '../api/security-queries';
import { toSecurityErrorKey } from '../utils/error-key';

/** "Chrome unter Windows": the device in the words its owner knows it by, from what the api read. */
function deviceOf(entry: SignInEntry, t: TFunction): string {
  if (entry.browser && entry.os) return t('security.history.device', { browser: entry.browser, os: entry.os });
  if (entry.browser) return entry.browser;
  if (entry.os) return t('security.history.deviceOs', { os: entry.os });
  return t('security.history.unknownDevice');
}

/**
 * The sign-ins of the last 90 days, newest first, a page at a time: when, with what device, from which
 * address, how, and whether the second step went wrong (someone knew the password). On a phone each row
 * is a card, each value under its column's name (CellLabel).
 */
export function SignInHistory() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const signIns = useSignIns(page);
  const history = signIns.data;
  const column = (key: string) => t(`security.history.columns.${key}`);

  return (
    <section className="account-card account-card--wide" aria-labelledby="security-history">
      <h2 id="security-history">{t('security.history.title')}</h2>
      <p className="account-card__hint">{t('security.history.text')}</p>
      {!history ? (
        signIns.error ? (
          <div className="account-card__actions">
            <p role="alert">{t(toSecurityErrorKey(signIns.error))}</p>
            <Button variant="secondary" onClick={() => void signIns.refetch()}>
              {t('security.retry')}
            </Button>
          </div>
        ) : (
          <p role="status">{t('loading')}</p>
        )
      ) : history.entries.length === 0 ? (
        <p>{t('security.history.empty')}</p>
      ) : (
        <>
          <TableFrame labelledBy="security-history">
            <table
              className="ui-table ui-table--cards security-history"
              aria-labelledby="security-history"
              aria-busy={signIns.isFetching}
            >
              <thead>
                <tr>
                  <th scope="col">{column('time')}</th>
                  <th scope="col">{column('device')}</th>
                  <th scope="col">{column('address')}</th>
                  <th scope="col">{column('method')}</th>
                  <th scope="col">{column('result')}</th>
                </tr>
              </thead>
              <tbody>
                {history.entries.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a page's rows never move
                  <tr key={`${history.page}-${index}`}>
                    <td className="security-history__time">
                      <time dateTime={entry.at}>{formatDateTime(new Date(entry.at), locale)}</time>
                    </td>
                    <td>
                      <CellLabel>{column('device')}</CellLabel>
                      {deviceOf(entry, t)}
                    </td>
                    <td className="security-history__address">
                      <CellLabel>{column('address')}</CellLabel>
                      {entry.ipAddress || t('security.history.unknownAddress')}
                    </td>
                    <td>
                      <CellLabel>{column('method')}</CellLabel>
                      {t(`security.history.methods.${entry.method}`)}
                      {entry.secondFactor ? ` · ${t(`security.history.secondFactors.${entry.secondFactor}`)}` : ''}
                    </td>
                    <td>
                      <CellLabel>{column('result')}</CellLabel>
                      <span
                        className={
                          entry.result === 'succeeded' ? 'ui-badge ui-badge--success' : 'ui-badge ui-badge--danger'
                        }
                      >
                        {t(`security.history.results.${entry.result}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={history.page}
            pageCount={history.pageCount}
            onPageChange={setPage}
            texts={{
              label: t('security.history.pages.label'),
              previous: t('security.history.pages.previous'),
              next: t('security.history.pages.next'),
              position: (current, count) => t('security.history.pages.position', { page: current, pageCount: count }),
            }}
          />
        </>
      )}
    </section>
  );
}
