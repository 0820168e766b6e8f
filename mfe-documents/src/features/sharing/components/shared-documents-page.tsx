import type { SharedDocument } from '@formwerk/contracts';
import { formatDateTime, formatFileSize, useLocale } from '@formwerk/platform';
import { Button, Icon, ListPage, TableFrame } from '@formwerk/ui';
import { Download, Eye } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { withAreaQueries } from '../../../query/area-queries';
import { HiddenSuffix } from '../../library/components/hidden-suffix';
import { PreviewDialog } from '../../library/components/preview-dialog';
import { sharedFileUrl } from '../api/sharing-api';
import { useSharedDocuments } from '../hooks/use-shared-documents';
import { toErrorKey } from '../utils/error-key';
import '../../library/components/library.css';
import './sharing.css';

const resultsId = 'shared-results';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /v1/documents/shared: what others shared with me (by my address or a group of mine), from any team,
 * newest share first; each to preview or download. The page is in the address.
 */
function SharedWithMePage() {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const query = useSharedDocuments(page);
  const [preview, setPreview] = useState<SharedDocument['document'] | null>(null);
  const list = query.data;

  // A page past the end (an old link, shares taken back meanwhile) shows the last one.
  useEffect(() => {
    if (list && list.pageCount > 0 && page > list.pageCount) setSearchParams({ page: String(list.pageCount) });
  }, [list, page, setSearchParams]);

  const documents = list?.documents ?? [];
  const empty =
    list && documents.length === 0 ? (
      <>
        <h3>{t('sharing.shared.emptyTitle')}</h3>
        <p className="library-empty-text">{t('sharing.shared.emptyText')}</p>
      </>
    ) : null;

  return (
    <>
      <ListPage
        eyebrow={t('area')}
        title={t('pages.shared-documents.title')}
        description={t('pages.shared-documents.description')}
        resultsId={resultsId}
        resultsTitle={list ? t('sharing.shared.count', { count: list.total }) : t('pages.shared-documents.title')}
        isLoading={query.isFetching}
        loadingText={t('sharing.shared.loading')}
        loadError={query.isError ? t(toErrorKey(query.error)) : undefined}
        retryText={t('sharing.retry')}
        onRetry={() => void query.refetch()}
        empty={empty}
        footer={
          list ? (
            <ListPagination
              page={list.page}
              pageCount={list.pageCount}
              onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
            />
          ) : null
        }
      >
        {documents.length > 0 ? (
          <TableFrame labelledBy={resultsId}>
            <table className="ui-table library-table" aria-labelledby={resultsId} aria-busy={query.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('sharing.shared.columns.name')}</th>
                  <th scope="col">{t('sharing.shared.columns.sharedBy')}</th>
                  <th scope="col">{t('sharing.shared.columns.team')}</th>
                  <th scope="col">{t('sharing.shared.columns.sharedAt')}</th>
                  <th scope="col">{t('sharing.shared.columns.via')}</th>
                  <th scope="col" className="library-table__number">
                    {t('sharing.shared.columns.pages')}
                  </th>
                  <th scope="col" className="library-table__number">
                    {t('sharing.shared.columns.size')}
                  </th>
                  <th scope="col">{t('sharing.shared.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {documents.map((entry) => {
                  const quoted = t('library.quoted', { text: entry.document.name });
                  return (
                    <tr key={entry.document.id}>
                      <td className="library-table__name">
                        <button type="button" className="ui-link-button" onClick={() => setPreview(entry.document)}>
                          {entry.document.name}
                        </button>
                      </td>
                      <td>{entry.sharedBy.name}</td>
                      <td>{entry.teamName}</td>
                      <td>
                        <time dateTime={entry.sharedAt}>{formatDateTime(new Date(entry.sharedAt), locale)}</time>
                      </td>
                      <td className="shared-table__via">
                        {entry.via.kind === 'group'
                          ? t('sharing.shared.viaGroup', { name: entry.via.name })
                          : t('sharing.shared.viaPerson')}
                      </td>
                      <td className="library-table__number">{entry.document.pageCount}</td>
                      <td className="library-table__number">{formatFileSize(entry.document.size, locale)}</td>
                      <td>
                        <div className="library-table__actions">
                          <Button
                            variant="ghost"
                            className="ui-button--small"
                            onClick={() => setPreview(entry.document)}
                          >
                            <Icon icon={Eye} />
                            {t('sharing.shared.preview')}
                            <HiddenSuffix text={quoted} />
                          </Button>
                          <a
                            className="ui-button ui-button--ghost ui-button--small"
                            href={sharedFileUrl(entry.document.id)}
                            download={entry.document.name}
                          >
                            <Icon icon={Download} />
                            {t('sharing.shared.download')}
                            <HiddenSuffix text={quoted} />
                          </a>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        ) : null}
      </ListPage>
      <PreviewDialog document={preview} fileUrlOf={sharedFileUrl} onClose={() => setPreview(null)} />
    </>
  );
}

export const SharedDocumentsPage = withAreaQueries(SharedWithMePage);
