import type { DashboardResponse } from '@formwerk/contracts';
import { AppLink, useSessionStore } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateFormButton } from '../../../components/create-form-button';
import '../../../components/forms.css';
import './home.css';
import { toErrorKey } from '../../../utils/error-key';
import { DemoClaim } from '../../form-demo/components/demo-claim';
import { findDashboard } from '../api/home-api';
import { RecentForms } from './recent-forms';
import { SubmissionsChart } from './submissions-chart';

/** /v1: a greeting, shortcuts to start from, the last week's submissions and the forms worked on last. */
export function HomePage() {
  const { t } = useTranslation('forms');
  const firstName = useSessionStore((state) => state.user?.name.trim().split(/\s+/)[0]);
  const [dashboard, setDashboard] = useState<DashboardResponse | null>(null);
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadErrorKey(null);
    findDashboard().then(setDashboard, (error: unknown) => setLoadErrorKey(toErrorKey(error)));
  }, []);
  useEffect(load, [load]);

  const isNewTeam = dashboard !== null && dashboard.formCounts.total + dashboard.formCounts.archived === 0;

  return (
    <>
      <PageHeader
        eyebrow={t('pages.home.title')}
        title={firstName ? t('home.greeting', { name: firstName }) : t('home.greetingWithoutName')}
        description={t('pages.home.description')}
      />
      <DemoClaim />
      {loadErrorKey ? (
        <div className="ui-card">
          <p role="alert">{t(loadErrorKey)}</p>
          <Button variant="secondary" onClick={load}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {!dashboard && !loadErrorKey ? <p role="status">{t('loading')}</p> : null}
      {isNewTeam ? (
        <section className="ui-card ui-empty" aria-labelledby="home-empty">
          <h2 id="home-empty">{t('home.empty.title')}</h2>
          <p>{t('home.empty.text')}</p>
          <div className="home-actions">
            <CreateFormButton label={t('home.newForm')} />
            <AppLink to="v1-forms-templates" className="ui-button ui-button--secondary">
              {t('home.fromTemplate')}
            </AppLink>
          </div>
        </section>
      ) : null}
      {dashboard && !isNewTeam ? (
        <div className="forms-grid">
          <section className="ui-card forms-card--wide" aria-labelledby="home-shortcuts">
            <h2 id="home-shortcuts">{t('home.shortcuts')}</h2>
            <div className="home-actions">
              <CreateFormButton label={t('home.newForm')} />
              <AppLink to="v1-forms-templates" className="ui-button ui-button--secondary">
                {t('home.fromTemplate')}
              </AppLink>
              <AppLink to="v1-submissions" className="ui-button ui-button--secondary">
                {t('home.allSubmissions')}
              </AppLink>
            </div>
          </section>
          <section className="ui-card" aria-labelledby="home-figures">
            <h2 id="home-figures">{t('home.figures.title')}</h2>
            <dl className="home-figures">
              <div>
                <dt>{t('home.figures.forms')}</dt>
                <dd>{dashboard.formCounts.total}</dd>
              </div>
              <div>
                <dt>{t('home.figures.published')}</dt>
                <dd>{dashboard.formCounts.published}</dd>
              </div>
              <div>
                <dt>{t('home.figures.submissions')}</dt>
                <dd>{dashboard.submissionsLast7Days}</dd>
              </div>
            </dl>
          </section>
          <section className="ui-card" aria-labelledby="home-chart">
            <h2 id="home-chart">{t('home.chart.title')}</h2>
            <SubmissionsChart days={dashboard.submissionsByDay} />
          </section>
          <section className="ui-card forms-card--wide" aria-labelledby="home-recent-forms">
            <h2 id="home-recent-forms">{t('home.recent.title')}</h2>
            <RecentForms forms={dashboard.recentForms} />
            <p>
              <AppLink to="v1-forms">{t('home.recent.allForms')}</AppLink>
            </p>
          </section>
        </div>
      ) : null}
    </>
  );
}
