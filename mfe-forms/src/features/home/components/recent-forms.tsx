import type { DashboardRecentForm } from '@formwerk/contracts';
import { AppLink, formatDateTime, formatRelativeTime, useLocale } from '@formwerk/platform';
import { TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type RecentFormsProps = { forms: DashboardRecentForm[] };

/** The forms worked on last, each opening the builder; the exact time shows on hover. */
export function RecentForms({ forms }: RecentFormsProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const now = new Date();

  if (forms.length === 0) return <p className="ui-hint">{t('home.recent.noActiveForms')}</p>;
  return (
    <TableFrame labelledBy="home-recent-forms">
      <table className="ui-table" aria-labelledby="home-recent-forms">
        <thead>
          <tr>
            <th scope="col">{t('home.recent.form')}</th>
            <th scope="col">{t('home.recent.status')}</th>
            <th scope="col">{t('home.recent.submissions')}</th>
            <th scope="col">{t('home.recent.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => {
            const updatedAt = new Date(form.updatedAt);
            return (
              <tr key={form.id}>
                <td>
                  <AppLink to="v1-forms-id" params={{ id: form.id }}>
                    {form.title}
                  </AppLink>
                </td>
                <td>
                  <span className={`ui-badge ui-badge--${form.status}`}>{t(`home.status.${form.status}`)}</span>
                </td>
                <td>{form.submissionsLast7Days}</td>
                <td>
                  <time dateTime={form.updatedAt} title={formatDateTime(updatedAt, locale)}>
                    {formatRelativeTime(updatedAt, now, locale)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
