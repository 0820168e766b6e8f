import type { AppDto, FormDefinition, SubmissionDto, TeamSubmissionListResponse } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { PageHeader, TableFrame } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import '../../../components/forms.css';
import { answerableFields, describeAnswer } from '../../../utils/answer-text';
import { toErrorKey } from '../../../utils/error-key';
import { findFormDefinition, listAppSubmissions, listApps } from '../api/apps-api';
import './apps.css';
import { LoadFailure } from '../../../components/load-failure';

const pageSize = 50;

const summaryLength = 3;

/** /v1/apps/submissions?app={id}: the submissions of all forms of one app in one table. */
export function AppSubmissionsPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const [apps, setApps] = useState<AppDto[] | null>(null);
  const [list, setList] = useState<TeamSubmissionListResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // The definitions of the forms on the page, to name choices by their labels.
  const [definitions, setDefinitions] = useState<Record<string, FormDefinition>>({});
  const appId = searchParams.get('app') ?? apps?.[0]?.id ?? null;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    setErrorKey(null);
    listApps().then(
      (appList) => setApps(appList.apps),
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, [attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    if (!appId) return;
    setList(null);
    // A failure of the app chosen before is no longer the news once another one loads.
    setErrorKey(null);
    listAppSubmissions(appId, page).then(setList, (error: unknown) => setErrorKey(toErrorKey(error)));
  }, [appId, page, attempt]);

  useEffect(() => {
    for (const form of list?.forms ?? []) {
      findFormDefinition(form.id).then(
        (definition) => setDefinitions((known) => ({ ...known, [form.id]: definition })),
        // Without the definition the row still shows its date and form; the excerpt stays empty.
        () => undefined,
      );
    }
  }, [list]);

  /** The first few answers of a row as text: enough to tell rows apart in a list of several forms. */
  const summaryOf = (submission: SubmissionDto) => {
    const definition = definitions[submission.formId];
    if (!definition) return '';
    const words = { yes: t('submissions.answer.yes'), no: t('submissions.answer.no') };
    return answerableFields(definition)
      .map((field) => describeAnswer(field, submission.answers[field.id], locale, words))
      .filter(Boolean)
      .slice(0, summaryLength)
      .join(' · ');
  };

  const titleOf = (formId: string) => list?.forms.find((form) => form.id === formId)?.title;

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.app-submissions.title')}
        description={t('pages.app-submissions.description')}
      />
      {errorKey ? <LoadFailure errorKey={errorKey} onRetry={() => setAttempt((count) => count + 1)} /> : null}
      {!apps && !errorKey ? <p className="ui-hint">{t('loading')}</p> : null}
      {apps?.length === 0 ? (
        <section className="ui-card ui-empty" aria-labelledby="app-submissions-no-apps">
          <h2 id="app-submissions-no-apps">{t('apps.submissions.noApps')}</h2>
          <AppLink to="v1-apps" className="ui-button ui-button--primary">
            {t('apps.submissions.toApps')}
          </AppLink>
        </section>
      ) : null}
      {apps && apps.length > 0 && appId ? (
        <section className="ui-card" aria-labelledby="app-submissions-title">
          <div className="ui-toolbar">
            <label className="ui-field">
              {t('apps.submissions.app')}
              <select value={appId} onChange={(event) => setSearchParams({ app: event.target.value })}>
                {apps.map((app) => (
                  <option key={app.id} value={app.id}>
                    {app.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <h2 id="app-submissions-title">{list ? t('apps.submissions.count', { count: list.total }) : t('loading')}</h2>
          {list?.total === 0 ? <p className="ui-hint">{t('apps.submissions.empty')}</p> : null}
          {list && list.total > 0 ? (
            <TableFrame labelledBy="app-submissions-title">
              <table className="ui-table">
                <thead>
                  <tr>
                    <th scope="col">{t('apps.submissions.received')}</th>
                    <th scope="col">{t('apps.submissions.form')}</th>
                    <th scope="col">{t('apps.submissions.summary')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.submissions.map((submission) => (
                    <tr key={submission.id}>
                      <td>
                        <AppLink to="v1-submissions-id" params={{ id: submission.id }}>
                          {formatDateTime(new Date(submission.createdAt), locale)}
                        </AppLink>
                      </td>
                      <td>
                        {titleOf(submission.formId) ? (
                          <AppLink to="v1-forms-id-submissions" params={{ id: submission.formId }}>
                            {titleOf(submission.formId)}
                          </AppLink>
                        ) : (
                          t('submissions.all.deletedForm')
                        )}
                      </td>
                      <td>{summaryOf(submission)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          ) : null}
          <ListPagination
            page={page}
            pageCount={list ? Math.ceil(list.total / pageSize) : 0}
            onPageChange={(next) => setSearchParams({ app: appId, page: String(next) })}
          />
        </section>
      ) : null}
    </>
  );
}
