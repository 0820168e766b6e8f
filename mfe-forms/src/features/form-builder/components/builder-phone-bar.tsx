import { SheetButton, type SheetToggle } from '@formwerk/ui';
import { Plus, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paletteSheetId } from './field-palette';
import { inspectorSheetId } from './inspector';

/**
 * On a phone, the two sheets of the builder behind two buttons at the bottom of the screen: the
 * settings of what is selected, and the field types to add. Wider, both stand beside the pages and
 * this bar is not shown.
 */
export function BuilderPhoneBar({ inspector, palette }: { inspector: SheetToggle; palette: SheetToggle }) {
  const { t } = useTranslation('forms');
  return (
    <div className="ui-phone-bar">
      <SheetButton sheet={inspector} sheetId={inspectorSheetId} icon={Settings2} label={t('builder.inspector.title')} />
      <SheetButton sheet={palette} sheetId={paletteSheetId} icon={Plus} label={t('builder.palette.open')} isPrimary />
    </div>
  );
}
