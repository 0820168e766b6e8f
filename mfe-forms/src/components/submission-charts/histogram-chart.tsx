import type { FieldChart } from '@formwerk/contracts';
import { intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type Histogram = Pick<Extract<FieldChart, { kind: 'histogram' }>, 'min' | 'max' | 'mean' | 'bins'>;
type HistogramChartProps = {
  chart: Histogram;
  caption: string;
  highlightedValue?: number;
  /** What a bar counts, for its accessible name: answers to a number field, or submissions per score. */
  counts?: 'answers' | 'scores';
};

const binKeys = {
  answers: { bin: 'submissions.charts.bin', highlighted: 'submissions.charts.binHighlighted' },
  scores: { bin: 'submissions.charts.scoreBin', highlighted: 'submissions.charts.scoreBinHighlighted' },
} as const;

/** Columns of how many answers fall in each range, each labelled with its range and count. */
export function HistogramChart({ chart, caption, highlightedValue, counts = 'answers' }: HistogramChartProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const number = new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: 2 });
  if (chart.min === null || chart.max === null || chart.mean === null) {
    return <p className="ui-hint">{t('submissions.charts.noAnswers')}</p>;
  }
  const largest = Math.max(1, ...chart.bins.map((bin) => bin.count));
  const lastIndex = chart.bins.length - 1;
  // The api makes one bin per whole number when the answers are whole and few; those read as the number.
  const isPerNumber = chart.bins.every((bin) => Number.isInteger(bin.from) && bin.to - bin.from === 1);
  const contains = (index: number, value: number) => {
    const bin = chart.bins[index];
    return bin !== undefined && value >= bin.from && (value < bin.to || (index === lastIndex && value <= bin.to));
  };
  return (
    <figure className="submissions-histogram">
      <figcaption className="ui-hint">
        {t('submissions.charts.numberSummary', {
          min: number.format(chart.min),
          mean: number.format(chart.mean),
          max: number.format(chart.max),
        })}
        {highlightedValue === undefined
          ? null
          : ` · ${t('submissions.charts.thisSubmissionValue', { value: number.format(highlightedValue) })}`}
      </figcaption>
      <ol className="submissions-histogram__bins" aria-label={caption}>
        {chart.bins.map((bin, index) => {
          const range = isPerNumber
            ? number.format(bin.from)
            : t('submissions.charts.range', { from: number.format(bin.from), to: number.format(bin.to) });
          const isHighlighted = highlightedValue !== undefined && contains(index, highlightedValue);
          return (
            <li
              key={bin.from}
              className={isHighlighted ? 'submissions-histogram__bin--highlighted' : undefined}
              aria-label={t(isHighlighted ? binKeys[counts].highlighted : binKeys[counts].bin, {
                range,
                count: bin.count,
              })}
            >
              <span className="submissions-histogram__count">{bin.count}</span>
              <span className="submissions-histogram__bar" style={{ height: `${(bin.count / largest) * 100}%` }} />
              <span className="submissions-histogram__label">{range}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
