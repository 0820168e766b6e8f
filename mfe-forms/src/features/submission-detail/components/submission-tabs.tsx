import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

const tabs = [
  { key: 'answers', route: 'v1-submissions-id' },
  { key: 'chart', route: 'v1-submissions-id-chart' },
  { key: 'workflow', route: 'v1-submissions-id-workflow' },
] as const;

type SubmissionTabsProps = { submissionId: string; current: (typeof tabs)[number]['key'] };

/** The views of one submission: its answers, where it stands in the charts, its approval history. */
export function SubmissionTabs({ submissionId, current }: SubmissionTabsProps) {
  const { t } = useTranslation('forms');
  return (
    <nav className="ui-tabs" aria-label={t('submissions.detail.tabsLabel')}>
      {tabs.map((tab) => (
        <AppLink
          key={tab.key}
          to={tab.route}
          params={{ id: submissionId }}
          aria-current={tab.key === current ? 'page' : undefined}
        >
          {t(`submissions.detail.tabs.${tab.key}`)}
        </AppLink>
      ))}
    </nav>
  );
}
