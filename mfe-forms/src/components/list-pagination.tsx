import { Pagination } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import './forms.css';

type ListPaginationProps = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** The forms area's pager, in its words. */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useTranslation('forms');
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
