import { Pagination } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type ListPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** The documents area's pager (library, shared with me, templates), in its words. */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useTranslation('documents');
  return (
    <Pagination
      {...props}
      texts={{
        label: t('pagination.label'),
        previous: t('pagination.previous'),
        next: t('pagination.next'),
        position: (page, pageCount) => t('pagination.position', { page, pageCount }),
      }}
    />
  );
}
