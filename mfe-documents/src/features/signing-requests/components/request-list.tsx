import { AppLink } from '@formwerk/platform';
import { ListPage } from '@formwerk/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { useSigningRequests } from '../hooks/use-signing-requests';
import { RequestTable } from './request-table';

const resultsId = 'signing-requests-results';

/** What the list is told by the page that led to it: the title of the request just deleted there. */
export type RequestListState = { deletedTitle?: string };

type RequestListProps = {
  page: number;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
};

/**
 * The team's requests sent for signature, newest first, page by page. A team that has sent none is
 * told where sending starts: a document's row in the library, or a template. Arriving from deleting a
 * request, it says so.
 */
export function RequestList({ page, onPageChange }: RequestListProps) {
  const { t } = useTranslation('documents');
  const { pathname, state } = useLocation();
  const { list, errorKey, isLoading, reload } = useSigningRequests(page);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState('');

  // Set once the empty live region stands, so that it is announced; the focus, whose button went with
  // the request, waits at the results.
  const deletedTitle = (state as RequestListState | null)?.deletedTitle;
  useEffect(() => {
    if (!deletedTitle) return;
    setMessage(t('signingRequests.delete.done', { title: deletedTitle }));
    resultsHeading.current?.focus();
  }, [deletedTitle, t]);

  // A page past the end (an old link) shows the last one.
  useEffect(() => {
    if (list && list.pageCount > 0 && page > list.pageCount) onPageChange(list.pageCount, { replace: true });
  }, [list, page, onPageChange]);

  const requests = list?.requests ?? [];
  let empty: ReactNode = null;
  if (list && requests.length === 0) {
    empty = (
      <>
        <h3>{t('signingRequests.empty.title')}</h3>
        <p className="signing-empty-text">{t('signingRequests.empty.what')}</p>
        <p className="signing-empty-text">{t('signingRequests.empty.how')}</p>
        <div className="signing-empty-actions">
          <AppLink to="v1-documents" className="ui-button ui-button--secondary">
            {t('signingRequests.empty.toLibrary')}
          </AppLink>
          <AppLink to="v1-documents-templates" className="ui-button ui-button--secondary">
            {t('signingRequests.empty.toTemplates')}
          </AppLink>
        </div>
      </>
    );
  }

  return (
    <ListPage
      eyebrow={t('area')}
      title={t('signingRequests.title')}
      description={t('signingRequests.description')}
      resultsId={resultsId}
      resultsTitle={list ? t('signingRequests.count', { count: list.total }) : t('signingRequests.title')}
      resultsHeadingRef={resultsHeading}
      message={message}
      isLoading={isLoading}
      loadingText={t('signingRequests.loading')}
      loadError={errorKey ? t(errorKey) : undefined}
      retryText={t('signingRequests.retry')}
      onRetry={reload}
      empty={empty}
      footer={list ? <ListPagination page={list.page} pageCount={list.pageCount} onPageChange={onPageChange} /> : null}
    >
      {requests.length > 0 ? (
        <RequestTable
          labelledBy={resultsId}
          requests={requests}
          isLoading={isLoading}
          hrefOf={(requestId) => `${pathname}?request=${requestId}`}
        />
      ) : null}
    </ListPage>
  );
}
