import { Icon, type IconComponent } from '@formwerk/ui';
import { Plus, Settings2, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { paletteSheetId } from './field-palette';
import { inspectorSheetId } from './inspector';

type SheetToggle = { isOpen: boolean; onToggle: () => void; button: RefObject<HTMLButtonElement | null> };

/** One of the bar's buttons: it opens its sheet, and shows a close icon while the sheet is open. */
function SheetButton({
  sheet,
  sheetId,
  icon,
  label,
  isPrimary,
}: {
  sheet: SheetToggle;
  sheetId: string;
  icon: IconComponent;
  label: string;
  isPrimary: boolean;
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

/**
 * On a phone, the two sheets of the builder behind two buttons at the bottom of the screen: the
 * settings of what is selected, and the field types to add. Wider, both stand beside the pages and
 * this bar is not shown.
 */
export function BuilderPhoneBar({ inspector, palette }: { inspector: SheetToggle; palette: SheetToggle }) {
  const { t } = useTranslation('forms');
  return (
    <div className="ui-phone-bar">
      <SheetButton
        sheet={inspector}
        sheetId={inspectorSheetId}
        icon={Settings2}
        label={t('builder.inspector.title')}
        isPrimary={false}
      />
      <SheetButton sheet={palette} sheetId={paletteSheetId} icon={Plus} label={t('builder.palette.open')} isPrimary />
    </div>
  );
}
