import type { ReactNode } from 'react';

type TableFrameProps = {
  /** The id of the heading that names the table (as the table's own aria-labelledby). */
  labelledBy?: string;
  /** The table's name, where no heading on the page gives it. */
  label?: string;
  children: ReactNode;
};

/**
 * A data table that stays usable on a phone: it scrolls sideways inside this frame, never the page,
 * with its first column (what each row is) kept in view. The frame takes focus, so that a keyboard
 * can scroll it too (axe: scrollable-region-focusable), and is a named group, not a landmark: the
 * card around it is already the region of that name.
 */
export function TableFrame({ labelledBy, label, children }: TableFrameProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table
    <div
      role="group"
      className="ui-table-frame"
      aria-labelledby={labelledBy}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling frame must be reachable by keyboard to be scrolled
      tabIndex={0}
    >
      {children}
    </div>
  );
}
