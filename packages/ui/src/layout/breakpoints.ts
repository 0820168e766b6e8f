/**
 * The one breakpoint of the site, in CSS pixels: at this width and below a page is laid out for a
 * phone (the header collapses into its menu, tables scroll inside their own frame). CSS cannot read
 * this constant: styles.css writes the same width in its `@media (max-width: 760px)` rules. A window
 * of 1 280 px at 200 % zoom is 640 CSS pixels wide, so zoom reaches the phone layout too (WCAG 1.4.10).
 */
const compactMaxWidth = 760;

/** The media query of the phone layout, for code that must know it (matchMedia). */
export const compactMedia = `(max-width: ${compactMaxWidth}px)`;
