import { Menu, X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { Icon } from '../icon/icon';
import { compactMedia } from './breakpoints';
import { useDisclosure } from './use-disclosure';

type ResponsiveHeaderProps = {
  /** The logo link to the home page, always shown. */
  brand: ReactNode;
  /** The links of the navigation landmark. */
  navigation?: ReactNode;
  /** The navigation landmark's name, distinct from any other on the page (e.g. the footer's). */
  navigationLabel: string;
  /** What moves into the menu on a phone: team switcher, user menu, language switcher… */
  actions?: ReactNode;
  /** Shown beside the menu button on a phone too (the public site's sign-in). */
  persistentActions?: ReactNode;
  /** The menu button's name ("Menü" / "Menu"), its visible text as well. */
  menuLabel: string;
  /** Anything that changes on navigation (the path): the menu closes when it does. */
  closeKey?: string;
  isCompact?: boolean;
};

/**
 * The site header, on every width: on a desktop the navigation and the actions in one row; at the
 * phone breakpoint (breakpoints.ts) they fold into a menu behind a button. The menu is a disclosure
 * (useDisclosure): opening it moves focus to its first entry; Escape closes it and gives focus back to
 * the button; a click outside or a navigation closes it.
 */
export function ResponsiveHeader({
  brand,
  navigation,
  navigationLabel,
  actions,
  persistentActions,
  menuLabel,
  closeKey,
  isCompact = false,
}: ResponsiveHeaderProps) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Wider than the breakpoint there is no menu to have open.
  const { isOpen, toggle } = useDisclosure({
    trigger: button,
    panel,
    media: compactMedia,
    closeKey,
  });

  return (
    <header className={`ui-header${isCompact ? ' ui-header--compact' : ''}`}>
      {brand}
      <div className="ui-header__persistent">{persistentActions}</div>
      <button
        ref={button}
        type="button"
        className="ui-header__menu-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        {/* Both icons, the one shown chosen by aria-expanded (styles.css): a page without React (the
            marketing site's static pages) opens this menu by setting attributes alone. */}
        <span className="ui-header__menu-icon ui-header__menu-icon--closed">
          <Icon icon={Menu} />
        </span>
        <span className="ui-header__menu-icon ui-header__menu-icon--open">
          <Icon icon={X} />
        </span>
        <span>{menuLabel}</span>
      </button>
      <div ref={panel} id={panelId} className="ui-header__panel" data-open={isOpen || undefined}>
        {navigation ? (
          <nav className="ui-header__nav" aria-label={navigationLabel}>
            {navigation}
          </nav>
        ) : null}
        <div className="ui-header__actions">{actions}</div>
      </div>
    </header>
  );
}
