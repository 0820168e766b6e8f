import type { LucideIcon } from 'lucide-react';
import { type IconName, icons } from './icons';

type IconProps = {
  /** `prefix:name` of an icon in the registry (./icons.ts), e.g. `lucide:inbox`: any other is a type error. */
  name: IconName;
  /** What the icon means when it stands alone; without it the icon is decoration and hidden from screen readers. */
  label?: string;
  /** Width and height in CSS pixels. */
  size?: number;
};

/** An icon drawn inline from the bundled registry, so that it takes the text colour and is there at first paint. */
export function Icon({ name, label, size = 18 }: IconProps) {
  const accessibility = label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
  const Glyph: LucideIcon = icons[name];
  return <Glyph className="ui-icon" size={size} {...accessibility} />;
}
