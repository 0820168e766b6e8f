import { getLoadedIcon, loadIcon } from '@formwerk/platform';
import { useEffect, useState } from 'react';

type IconProps = { name: string; label?: string; size?: number };

/**
 * An icon `prefix:name` from our icon-data endpoint. Decorative unless it has a label. Until its
 * data is there (or when the set lacks it) an empty box of the same size keeps the layout still.
 */
export function Icon({ name, label, size = 18 }: IconProps) {
  const [icon, setIcon] = useState(() => getLoadedIcon(name));

  useEffect(() => {
    setIcon(getLoadedIcon(name));
    if (getLoadedIcon(name)) return;
    let isCurrent = true;
    void loadIcon(name).then(() => isCurrent && setIcon(getLoadedIcon(name)));
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
      // The body is SVG markup of an npm icon set served by our own shell server, never user input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted icon data, see above
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
