import { Button } from '../button/button';

export type PaginationTexts = {
  /** The navigation's name, e.g. "Seiten der Liste". */
  label: string;
  previous: string;
  next: string;
  /** Where in the list one is, e.g. "Seite 2 von 5". */
  position: (page: number, pageCount: number) => string;
};

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  texts: PaginationTexts;
};

/** Previous and next page, and where in the list one is; nothing while everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, texts }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="ui-pagination" aria-label={texts.label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {texts.previous}
      </Button>
      <span>{texts.position(page, pageCount)}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {texts.next}
      </Button>
    </nav>
  );
}
