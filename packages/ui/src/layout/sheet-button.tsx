import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Icon, type IconComponent } from '../icon/icon';

/** A sheet of an editor on a phone (useDisclosure): whether it is open, how to open or close it, its button. */
export type SheetToggle = { isOpen: boolean; onToggle: () => void; button: RefObject<HTMLButtonElement | null> };

/**
 * A button of an editor's phone bar (`ui-phone-bar`): it opens its sheet, and shows a close icon while
 * the sheet is open. Wider than a phone the sheets stand beside the editor and the bar is not shown.
 */
export function SheetButton({
  sheet,
  sheetId,
  icon,
  label,
  isPrimary = false,
}: {
  sheet: SheetToggle;
  sheetId: string;
  icon: IconComponent;
  label: string;
  isPrimary?: boolean;
}) {
  return (
    <button
      ref={sheet.button}
      type="button"
      className={`ui-button ${isPrimary ? 'ui-button--primary' : 'ui-button--secondary'}`}
      aria-expanded={sheet.isOpen}
      aria-controls={sheetId}
      onClick={sheet.onToggle}
    >
      <Icon icon={sheet.isOpen ? X : icon} />
      {label}
    </button>
  );
}
