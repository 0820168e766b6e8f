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
 * with its first column (what each row is) kept in view. The frame is a named region that takes
 * focus, so that a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function TableFrame({ labelledBy, label, children }: TableFrameProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section className="ui-table-frame" aria-labelledby={labelledBy} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
