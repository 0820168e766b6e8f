import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../icon/icon';
import { compactMedia } from './breakpoints';

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
 * (aria-expanded, aria-controls): opening it moves focus to its first entry; Escape closes it and
 * gives focus back to the button; a click outside or a navigation closes it.
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
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closeKey is the trigger, not a value read
  useEffect(() => {
    setIsOpen(false);
  }, [closeKey]);

  useEffect(() => {
    if (!isOpen) return;
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled]), select, input')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      button.current?.focus();
    };
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setIsOpen(false);
    };
    // Wider than the breakpoint there is no menu to have open.
    const media = window.matchMedia(compactMedia);
    const closeOnWide = () => {
      if (!media.matches) setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnOutsideClick);
    media.addEventListener('change', closeOnWide);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      media.removeEventListener('change', closeOnWide);
    };
  }, [isOpen]);

  return (
    <header ref={header} className={`ui-header${isCompact ? ' ui-header--compact' : ''}`}>
      {brand}
      <div className="ui-header__persistent">{persistentActions}</div>
      <button
        ref={button}
        type="button"
        className="ui-header__menu-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon name={isOpen ? 'lucide:x' : 'lucide:menu'} />
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
