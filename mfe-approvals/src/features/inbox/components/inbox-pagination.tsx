import { Pagination } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type InboxPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** The inbox's pager, in its words. */
export function InboxPagination(props: InboxPaginationProps) {
  const { t } = useTranslation('approvals');
  return (
    <Pagination
      {...props}
      texts={{
        label: t('inbox.list.pagination.label'),
        previous: t('inbox.list.pagination.previous'),
        next: t('inbox.list.pagination.next'),
        position: (page, pageCount) => t('inbox.list.pagination.position', { page, pageCount }),
      }}
    />
  );
}
