import { Icon } from '@formwerk/ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { paletteSheetId } from './field-palette';
import { inspectorSheetId } from './inspector';

type SheetToggle = { isOpen: boolean; onToggle: () => void; button: RefObject<HTMLButtonElement | null> };

/**
 * On a phone, the two sheets of the builder behind two buttons at the bottom of the screen: the
 * settings of what is selected, and the field types to add. Wider, both stand beside the pages and
 * this bar is not shown.
 */
export function BuilderPhoneBar({ inspector, palette }: { inspector: SheetToggle; palette: SheetToggle }) {
  const { t } = useTranslation('forms');
  return (
    <div className="builder-phone-bar">
      <button
        ref={inspector.button}
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={inspector.isOpen}
        aria-controls={inspectorSheetId}
        onClick={inspector.onToggle}
      >
        <Icon name={inspector.isOpen ? 'lucide:x' : 'lucide:settings-2'} />
        {t('builder.inspector.title')}
      </button>
      <button
        ref={palette.button}
        type="button"
        className="ui-button ui-button--primary"
        aria-expanded={palette.isOpen}
        aria-controls={paletteSheetId}
        onClick={palette.onToggle}
      >
        <Icon name={palette.isOpen ? 'lucide:x' : 'lucide:plus'} />
        {t('builder.palette.open')}
      </button>
    </div>
  );
}
