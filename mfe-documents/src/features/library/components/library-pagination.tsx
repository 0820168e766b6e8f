import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type LibraryPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** Previous and next page, and where in the list one is; nothing while everything fits on one page. */
export function LibraryPagination({ page, pageCount, onPageChange }: LibraryPaginationProps) {
  const { t } = useTranslation('documents');
  if (pageCount <= 1) return null;
  return (
    <nav className="library-pagination" aria-label={t('library.pagination.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('library.pagination.previous')}
      </Button>
      <span>{t('library.pagination.position', { page, pageCount })}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('library.pagination.next')}
      </Button>
    </nav>
  );
}
