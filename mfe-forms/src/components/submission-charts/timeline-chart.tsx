import type { SubmissionChartsResponse } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type TimelineChartProps = { timeline: SubmissionChartsResponse['timeline']; highlightedDay?: string };

// The api counts UTC days; they are shown as those days, wherever the reader is.
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** Submissions per day as an SVG of columns, with the same numbers as a table to open. */
export function TimelineChart({ timeline, highlightedDay }: TimelineChartProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { days } = timeline;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return <p className="ui-hint">{t('submissions.charts.noAnswers')}</p>;
  const formatDay = (day: string) => formatDate(dayDate(day), locale, { timeZone: 'UTC' });
  const largest = Math.max(1, ...days.map((day) => day.count));
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best), first);
  const activeDays = days.filter((day) => day.count > 0 || day.day === highlightedDay);
  return (
    <figure className="submissions-timeline">
      <svg
        viewBox={`0 0 ${days.length} 100`}
        preserveAspectRatio="none"
        // The caption and the table below say what the columns show; the SVG is their picture.
        aria-hidden="true"
        className="submissions-timeline__chart"
      >
        {days.map((day, index) => (
          <rect
            key={day.day}
            x={index + 0.1}
            width={0.8}
            y={100 - (day.count / largest) * 100}
            height={(day.count / largest) * 100}
            className={day.day === highlightedDay ? 'submissions-timeline__day--highlighted' : undefined}
          >
            <title>{`${formatDay(day.day)}: ${day.count}`}</title>
          </rect>
        ))}
      </svg>
      <div className="submissions-timeline__axis" aria-hidden="true">
        <span>{formatDay(first.day)}</span>
        <span>{formatDay(last.day)}</span>
      </div>
      <figcaption className="ui-hint">
        {t('submissions.charts.timelineSummary', {
          from: formatDay(first.day),
          to: formatDay(last.day),
          busiest: formatDay(busiest.day),
          count: busiest.count,
        })}
        {timeline.isTruncated ? ` ${t('submissions.charts.timelineTruncated')}` : null}
        {highlightedDay ? ` ${t('submissions.charts.thisSubmissionDay', { day: formatDay(highlightedDay) })}` : null}
      </figcaption>
      <details>
        <summary>{t('submissions.charts.showTable')}</summary>
        <table className="ui-table">
          <thead>
            <tr>
              <th scope="col">{t('submissions.charts.day')}</th>
              <th scope="col">{t('submissions.charts.count')}</th>
            </tr>
          </thead>
          <tbody>
            {activeDays.map((day) => (
              <tr key={day.day}>
                <td>{formatDay(day.day)}</td>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
