import { type RefObject, useCallback, useEffect, useState } from 'react';

type DisclosureOptions = {
  /** The button that opens and closes it: focus returns there on Escape. */
  trigger: RefObject<HTMLElement | null>;
  /** What it shows: focus moves to its first control when it opens. */
  panel: RefObject<HTMLElement | null>;
  /** Which of the panel's elements takes focus first, if not its first control (a CSS selector). */
  initialFocus?: string;
  /** A media query the disclosure exists for: it closes once the query no longer matches. */
  media?: string;
  /** Anything that changes on navigation (the path): it closes when this does. */
  closeKey?: string;
};

const focusable = 'a[href], button:not([disabled]), select, input, textarea';

/**
 * A button that shows and hides a panel (WAI-ARIA disclosure), as the header's menu and the sheets of
 * a phone layout use it: opening moves focus into the panel; Escape closes it and gives focus back to
 * the button; a press outside both, a navigation or leaving its media query closes it. The caller
 * renders `aria-expanded` and `aria-controls` on the trigger.
 */
export function useDisclosure({ trigger, panel, initialFocus = focusable, media, closeKey }: DisclosureOptions) {
  const [isOpen, setIsOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closeKey is the trigger, not a value read
  useEffect(() => {
    setIsOpen(false);
  }, [closeKey]);

  useEffect(() => {
    if (!isOpen) return;
    panel.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      trigger.current?.focus();
    };
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!trigger.current?.contains(target) && !panel.current?.contains(target)) setIsOpen(false);
    };
    const query = media ? window.matchMedia(media) : undefined;
    const closeOnLeavingMedia = () => {
      if (!query?.matches) setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnOutsidePress);
    query?.addEventListener('change', closeOnLeavingMedia);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnOutsidePress);
      query?.removeEventListener('change', closeOnLeavingMedia);
    };
  }, [isOpen, trigger, panel, initialFocus, media]);

  const toggle = useCallback(() => setIsOpen((open) => !open), []);
  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);
  return { isOpen, toggle, open, close };
}
