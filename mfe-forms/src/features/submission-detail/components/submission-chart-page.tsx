import { TitledPage } from '@formwerk/ui';

// Placeholder while this page is being built in this session.
export function SubmissionChartPage() {
  return <TitledPage namespace="forms" pageKey="submission-chart" />;
}
