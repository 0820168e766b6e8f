import type { LucideIcon } from 'lucide-react';

/**
 * An icon component of lucide-react (`import { Inbox } from 'lucide-react'`), imported where it is drawn
 * so that each bundle carries only the icons it draws (docs/decisions/018-static-icons.md).
 */
export type IconComponent = LucideIcon;

type IconProps = {
  /** The icon to draw, e.g. `Inbox` from lucide-react. */
  icon: IconComponent;
  /** What the icon means when it stands alone; without it the icon is decoration and hidden from screen readers. */
  label?: string;
  /** Width and height in CSS pixels. */
  size?: number;
};

/** An icon drawn inline, so that it takes the text colour and is there at first paint. */
export function Icon({ icon: Glyph, label, size = 18 }: IconProps) {
  const accessibility = label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
  return <Glyph className="ui-icon" size={size} {...accessibility} />;
}
