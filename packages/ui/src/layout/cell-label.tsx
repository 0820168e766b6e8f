import type { ReactNode } from 'react';

/**
 * A cell's column name, shown above its value where a `.ui-table--cards` row is a card (a phone) and
 * hidden elsewhere. Screen readers skip it: they announce the column header, which the table keeps.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="ui-table__cell-label" aria-hidden="true">
      {children}
    </span>
  );
}
