import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import './forms.css';

const tabs = [
  { key: 'builder', route: 'v1-forms-id' },
  { key: 'share', route: 'v1-forms-id-share' },
  { key: 'submissions', route: 'v1-forms-id-submissions' },
  { key: 'documents', route: 'v1-forms-id-documents' },
  { key: 'settings', route: 'v1-forms-id-setting' },
] as const;

type FormTabsProps = { formId: string; current: (typeof tabs)[number]['key'] };

/** The sections of one form, shown on top of each of its pages. */
export function FormTabs({ formId, current }: FormTabsProps) {
  const { t } = useTranslation('forms');
  return (
    <nav className="ui-tabs" aria-label={t('tabs.label')}>
      {tabs.map((tab) => (
        <AppLink
          key={tab.key}
          to={tab.route}
          params={{ id: formId }}
          aria-current={tab.key === current ? 'page' : undefined}
        >
          {t(`tabs.${tab.key}`)}
        </AppLink>
      ))}
    </nav>
  );
}
