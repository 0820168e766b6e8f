import type {
  Answers,
  AnswerValue,
  FieldChart,
  ScoreChart,
  SubmissionChartsResponse,
  SubmissionDto,
} from '@formwerk/contracts';
import { apiRequest, intlLocales, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../utils/error-key';
import { ScanStopped } from '../scan-stopped';
import { BarChart } from './bar-chart';
import { HistogramChart } from './histogram-chart';
import { TimelineChart } from './timeline-chart';
import './submission-charts.css';

const findSubmissionCharts = (formId: string) =>
  apiRequest<SubmissionChartsResponse>(`/forms/${formId}/submissions/charts`);

/** One submission to mark among all: its answers, when it arrived and a quiz's score. */
export type ChartHighlight = { answers: Answers; createdAt: string; score?: SubmissionDto['score'] };

type SubmissionChartsProps = { formId: string; highlight?: ChartHighlight };

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; charts: SubmissionChartsResponse };

/** The option ids an answer picked, in the ids the api counts by (`yes`/`no` for yes/no and consent). */
function pickedOptions(chart: FieldChart, value: AnswerValue | undefined): string[] {
  if (chart.fieldType === 'consent') return [value === true ? 'yes' : 'no'];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

/** A chart per field of the form, and the submissions per day, counted by the api. */
export function SubmissionCharts({ formId, highlight }: SubmissionChartsProps) {
  const { t } = useTranslation('forms');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" asks for a fresh load.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findSubmissionCharts(formId).then(
      (charts) => isCurrent && setLoad({ status: 'ready', charts }),
      (error: unknown) => isCurrent && setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [formId, attempt]);

  if (load.status === 'loading') return <p role="status">{t('loading')}</p>;
  if (load.status === 'failed') {
    return (
      <div className="ui-card">
        <p role="alert" className="ui-error">
          {t(load.errorKey)}
        </p>
        <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const { charts } = load;
  const labelOf = (chart: FieldChart) => chart.label || t('submissions.untitledField');
  const renderChart = (chart: FieldChart) => {
    const value = highlight?.answers[chart.fieldId];
    switch (chart.kind) {
      case 'choices': {
        const picked = highlight ? pickedOptions(chart, value) : [];
        return (
          <BarChart
            caption={labelOf(chart)}
            of={chart.fieldType === 'consent' ? charts.total : chart.answered}
            bars={chart.options.map((option) => ({
              id: option.id,
              label: option.label ?? t(`submissions.answer.${option.id === 'yes' ? 'yes' : 'no'}`),
              count: option.count,
              isHighlighted: picked.includes(option.id),
            }))}
          />
        );
      }
      case 'scale':
        return (
          <BarChart
            caption={labelOf(chart)}
            of={chart.answered}
            bars={chart.values.map((entry) => ({
              id: String(entry.value),
              label: String(entry.value),
              count: entry.count,
              isHighlighted: value === entry.value,
            }))}
          />
        );
      case 'histogram':
        return (
          <HistogramChart
            chart={chart}
            caption={labelOf(chart)}
            highlightedValue={typeof value === 'number' ? value : undefined}
          />
        );
      case 'answered':
        return null;
    }
  };

  return (
    <div className="forms-grid">
      <section className="ui-card forms-card--wide" aria-labelledby="submission-charts-timeline">
        <h2 id="submission-charts-timeline">{t('submissions.charts.timeline')}</h2>
        <p className="ui-hint">{t('submissions.charts.total', { count: charts.total })}</p>
        {/* A big form is counted for a few seconds at most; the figures cover those read by then. */}
        <ScanStopped
          scan={charts.scan}
          messageKey="submissions.charts.scanStopped"
          className="submission-charts-scan-stopped"
        />
        <TimelineChart timeline={charts.timeline} highlightedDay={highlight?.createdAt.slice(0, 10)} />
      </section>
      {charts.score ? <ScoreDistribution score={charts.score} highlightedPoints={highlight?.score?.points} /> : null}
      {charts.fields.map((chart) => (
        <section key={chart.fieldId} className="ui-card" aria-labelledby={`submission-chart-${chart.fieldId}`}>
          <h2 id={`submission-chart-${chart.fieldId}`}>{labelOf(chart)}</h2>
          <p className="ui-hint">{t('submissions.charts.answered', { count: chart.answered, total: charts.total })}</p>
          {renderChart(chart)}
        </section>
      ))}
    </div>
  );
}

/** How a quiz's submissions scored: a bar per number of points (or range), from 0 to full marks. */
function ScoreDistribution({ score, highlightedPoints }: { score: ScoreChart; highlightedPoints?: number }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const number = new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: 1 });
  return (
    <section className="ui-card forms-card--wide" aria-labelledby="submission-charts-score">
      <h2 id="submission-charts-score">{t('submissions.charts.scoreTitle')}</h2>
      <p className="ui-hint">
        {t('submissions.charts.scoreSummary', {
          count: score.scored,
          mean: number.format(score.mean),
          maxPoints: number.format(score.maxPoints),
        })}
      </p>
      <HistogramChart
        chart={score}
        caption={t('submissions.charts.scoreTitle')}
        highlightedValue={highlightedPoints}
        counts="scores"
      />
    </section>
  );
}
