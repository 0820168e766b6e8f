import { SheetButton, type SheetToggle } from '@formwerk/ui';
import { Plus, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paletteSheetId } from './field-palette';
import { panelSheetId } from './template-panel';

/**
 * On a phone, the editor's two sheets behind two buttons at the bottom of the screen: the selected
 * field's settings with the roles, and the kinds of field to place. Wider, both stand beside the pages.
 */
export function EditorPhoneBar({ panel, palette }: { panel: SheetToggle; palette: SheetToggle }) {
  const { t } = useTranslation('documents');
  return (
    <div className="ui-phone-bar">
      <SheetButton sheet={panel} sheetId={panelSheetId} icon={Settings2} label={t('templates.panel.title')} />
      <SheetButton sheet={palette} sheetId={paletteSheetId} icon={Plus} label={t('templates.palette.open')} isPrimary />
    </div>
  );
}
