import { getLoadedIcon, loadIcon } from '@formwerk/platform';
import { useEffect, useState } from 'react';

type IconProps = {
  /** `prefix:name`, e.g. `lucide:inbox`. */
  name: string;
  /** What the icon means when it stands alone; without it the icon is decoration and hidden from screen readers. */
  label?: string;
  /** Width and height in CSS pixels. */
  size?: number;
};

/**
 * An icon from our icon-data endpoint, drawn inline so that it takes the text colour. Until its data is
 * there, or when the set does not have it, an empty box of the same size keeps the layout still.
 */
export function Icon({ name, label, size = 18 }: IconProps) {
  // Only there to draw again once the icon has loaded; the icon itself is read from the loader's cache
  // on every render, so a new `name` never shows the previous icon for a moment.
  const [, setLoadedName] = useState<string>();
  const icon = getLoadedIcon(name);

  useEffect(() => {
    if (getLoadedIcon(name)) return;
    let isCurrent = true;
    void loadIcon(name).then(() => {
      if (isCurrent) setLoadedName(name);
    });
    return () => {
      isCurrent = false;
    };
  }, [name]);

  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (!icon) return <span className="ui-icon" style={{ width: size, height: size }} {...accessibility} />;
  return (
    <svg
      className="ui-icon"
      width={size}
      height={size}
      viewBox={`0 0 ${icon.width} ${icon.height}`}
      {...accessibility}
      // The body is SVG markup from an npm icon set (@iconify-json/*) served by our own shell server,
      // never user input, so it is inserted as it is.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted icon data, see above
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
