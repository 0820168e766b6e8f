import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import './forms.css';

type ListPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** Previous and next page, and where in the list one is; nothing while everything fits on one page. */
export function ListPagination({ page, pageCount, onPageChange }: ListPaginationProps) {
  const { t } = useTranslation('forms');
  if (pageCount <= 1) return null;
  return (
    <nav className="forms-pagination" aria-label={t('pagination.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span>{t('pagination.position', { page, pageCount })}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
