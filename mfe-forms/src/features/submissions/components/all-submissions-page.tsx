import type { TeamSubmissionListResponse } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader, TableFrame } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { listTeamSubmissions } from '../api/submissions-api';
import './submissions.css';

const pageSize = 50;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; list: TeamSubmissionListResponse };

/** /v1/submissions: every submission of the team, newest first, each with its form. */
export function AllSubmissionsPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    listTeamSubmissions(page, pageSize).then(
      (list) => isCurrent && setLoad({ status: 'ready', list }),
      (error: unknown) => isCurrent && setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [page, attempt]);

  const header = (
    <PageHeader
      eyebrow={t('area')}
      title={t('pages.submissions.title')}
      description={t('pages.submissions.description')}
    />
  );
  if (load.status !== 'ready') {
    return (
      <>
        {header}
        {load.status === 'failed' ? (
          <div className="ui-card">
            <p role="alert" className="ui-error">
              {t(load.errorKey)}
            </p>
            <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </>
    );
  }

  const { list } = load;
  if (list.total === 0) {
    return (
      <>
        {header}
        <div className="ui-card ui-empty">
          <h2>{t('submissions.all.emptyTitle')}</h2>
          <p>{t('submissions.all.emptyText')}</p>
          <AppLink to="v1-forms" className="ui-button ui-button--primary">
            {t('submissions.all.toForms')}
          </AppLink>
        </div>
      </>
    );
  }

  const titleOf = new Map(list.forms.map((form) => [form.id, form.title]));
  // Shown where forms of the page number their submissions (the reference tab).
  const hasReferences = list.submissions.some((submission) => submission.reference);
  const pageCount = Math.max(1, Math.ceil(list.total / pageSize));
  return (
    <>
      {header}
      <section className="ui-card" aria-labelledby="all-submissions-title">
        <h2 id="all-submissions-title">{t('submissions.table.count', { count: list.total })}</h2>
        <TableFrame labelledBy="all-submissions-title">
          <table className="ui-table">
            <thead>
              <tr>
                <th scope="col">{t('submissions.table.createdAt')}</th>
                <th scope="col">{t('submissions.all.form')}</th>
                {hasReferences ? <th scope="col">{t('submissions.table.reference')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.submissions.map((submission) => {
                const title = titleOf.get(submission.formId);
                return (
                  <tr key={submission.id}>
                    <td>
                      <AppLink to="v1-submissions-id" params={{ id: submission.id }}>
                        {formatDateTime(new Date(submission.createdAt), locale)}
                      </AppLink>
                    </td>
                    <td>
                      {title === undefined ? (
                        <span className="ui-hint">{t('submissions.all.deletedForm')}</span>
                      ) : (
                        <AppLink to="v1-forms-id-submissions" params={{ id: submission.formId }}>
                          {title}
                        </AppLink>
                      )}
                    </td>
                    {hasReferences ? <td className="submissions-number">{submission.reference ?? ''}</td> : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
        <nav className="submissions-pagination" aria-label={t('submissions.table.pagination')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('submissions.table.previous')}
          </Button>
          <span>{t('submissions.table.page', { page, pages: pageCount })}</span>
          <Button variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            {t('submissions.table.next')}
          </Button>
        </nav>
      </section>
    </>
  );
}
