import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type InboxPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** Previous and next page, and where in the list one is; nothing while everything fits on one page. */
export function InboxPagination({ page, pageCount, onPageChange }: InboxPaginationProps) {
  const { t } = useTranslation('approvals');
  if (pageCount <= 1) return null;
  return (
    <nav className="inbox-pagination" aria-label={t('inbox.list.pagination.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('inbox.list.pagination.previous')}
      </Button>
      <span>{t('inbox.list.pagination.position', { page, pageCount })}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('inbox.list.pagination.next')}
      </Button>
    </nav>
  );
}
