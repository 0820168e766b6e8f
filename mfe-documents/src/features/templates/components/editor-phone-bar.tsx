import { Icon, type IconComponent } from '@formwerk/ui';
import { Plus, Settings2, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { paletteSheetId } from './field-palette';
import { panelSheetId } from './template-panel';

export type SheetToggle = { isOpen: boolean; onToggle: () => void; button: RefObject<HTMLButtonElement | null> };

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
 * On a phone, the editor's two sheets behind two buttons at the bottom of the screen: the selected
 * field's settings with the roles, and the kinds of field to place. Wider, both stand beside the pages.
 */
export function EditorPhoneBar({ panel, palette }: { panel: SheetToggle; palette: SheetToggle }) {
  const { t } = useTranslation('documents');
  return (
    <div className="ui-phone-bar">
      <SheetButton
        sheet={panel}
        sheetId={panelSheetId}
        icon={Settings2}
        label={t('templates.panel.title')}
        isPrimary={false}
      />
      <SheetButton sheet={palette} sheetId={paletteSheetId} icon={Plus} label={t('templates.palette.open')} isPrimary />
    </div>
  );
}
