import { intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

export type Bar = { id: string; label: string; count: number; isHighlighted: boolean };

type BarChartProps = { caption: string; bars: Bar[] /** What the percentages are of. */; of: number };

/**
 * Horizontal bars as a table: screen readers read label, count and share row by row, and everyone
 * sees the same numbers beside the bars.
 */
export function BarChart({ caption, bars, of }: BarChartProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const percent = new Intl.NumberFormat(intlLocales[locale], { style: 'percent', maximumFractionDigits: 0 });
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <table className="submissions-bars">
      <caption className="ui-visually-hidden">{caption}</caption>
      <thead className="ui-visually-hidden">
        <tr>
          <th scope="col">{t('submissions.charts.answer')}</th>
          <th scope="col">{t('submissions.charts.count')}</th>
          <th scope="col">{t('submissions.charts.share')}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.id} className={bar.isHighlighted ? 'submissions-bars__row--highlighted' : undefined}>
            <th scope="row">
              {bar.label}
              {bar.isHighlighted ? <span className="ui-badge">{t('submissions.charts.thisSubmission')}</span> : null}
            </th>
            <td className="submissions-bars__count">
              <span className="submissions-bars__track" aria-hidden="true">
                <span className="submissions-bars__bar" style={{ width: `${(bar.count / largest) * 100}%` }} />
              </span>
              {bar.count}
            </td>
            <td className="submissions-bars__share">{percent.format(of > 0 ? bar.count / of : 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
