import type { DashboardDay } from '@formwerk/contracts';
import { intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type SubmissionsChartProps = { days: DashboardDay[] };

const toUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A bar per day. The bars and their short labels are for the eye; each day also carries a sentence
 * for screen readers, so the list reads as "Monday, 4 May: 3 submissions".
 */
export function SubmissionsChart({ days }: SubmissionsChartProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  // The days are UTC days, as the api counts them.
  const weekday = new Intl.DateTimeFormat(intlLocales[locale], { weekday: 'short', timeZone: 'UTC' });
  const longDate = new Intl.DateTimeFormat(intlLocales[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const highest = Math.max(1, ...days.map((day) => day.count));

  return (
    <ol className="home-chart">
      {days.map((day) => (
        <li key={day.date} className="home-chart__day">
          <span className="home-chart__count" aria-hidden="true">
            {day.count}
          </span>
          <span className="home-chart__track" aria-hidden="true">
            <span className="home-chart__bar" style={{ height: `${(day.count / highest) * 100}%` }} />
          </span>
          <span className="home-chart__label" aria-hidden="true">
            {weekday.format(toUtcDate(day.date))}
          </span>
          <span className="ui-visually-hidden">
            {t('home.chart.day', { date: longDate.format(toUtcDate(day.date)), count: day.count })}
          </span>
        </li>
      ))}
    </ol>
  );
}
