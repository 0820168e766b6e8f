import type { LucideIcon } from 'lucide-react';
import { type IconName, icons, isIconName } from './icons';

type IconProps<Name extends string> = {
  /**
   * `prefix:name` of an icon in the registry (./icons.ts), e.g. `lucide:inbox`. A literal name the
   * registry does not have is a type error. A name held in a plain `string` is let through, because some
   * call sites still type theirs that way (the shell's NavLink, the editors' phone bars, the workflow
   * editor's node table; typed `IconName`, they would be checked too); such a name, if unknown, draws an
   * empty box of the icon's size.
   */
  name: string extends Name ? Name : IconName;
  /** What the icon means when it stands alone; without it the icon is decoration and hidden from screen readers. */
  label?: string;
  /** Width and height in CSS pixels. */
  size?: number;
};

/** An icon drawn inline from the bundled registry, so that it takes the text colour and is there at first paint. */
export function Icon<Name extends string>({ name, label, size = 18 }: IconProps<Name>) {
  const accessibility = label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
  if (!isIconName(name)) return <span className="ui-icon" style={{ width: size, height: size }} {...accessibility} />;
  const Glyph: LucideIcon = icons[name];
  return <Glyph className="ui-icon" size={size} {...accessibility} />;
}
