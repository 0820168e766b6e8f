import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type ListPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** Previous and next page, and where in the list one is; nothing while everything fits on one page. */
export function ListPagination({ page, pageCount, onPageChange }: ListPaginationProps) {
  const { t } = useTranslation('forms');
  if (pageCount <= 1) return null;
  return (
    <nav className="form-list-pagination" aria-label={t('formList.pagination.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('formList.pagination.previous')}
      </Button>
      <span>{t('formList.pagination.position', { page, pageCount })}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('formList.pagination.next')}
      </Button>
    </nav>
  );
}
