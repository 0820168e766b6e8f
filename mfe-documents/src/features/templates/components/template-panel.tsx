import type { TemplateField } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** The panel's element, which the phone bar's button opens. */
export const panelSheetId = 'templates-panel';

type TemplatePanelProps = {
  selectedField: TemplateField | undefined;
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
  onDone: () => void;
  /** The selected field's settings. */
  fieldSettings: ReactNode;
  rolesPanel: ReactNode;
};

/**
 * Beside the pages: the selected field's settings (or how to select one) and the template's roles. On a
 * phone it is a sheet at the bottom of the screen, opened from the phone bar and closed with "Done".
 */
export function TemplatePanel({ selectedField, isOpen, sheet, onDone, fieldSettings, rolesPanel }: TemplatePanelProps) {
  const { t } = useTranslation('documents');
  return (
    <aside
      ref={sheet}
      id={panelSheetId}
      className="ui-panel ui-panel--sheet templates-panel"
      aria-labelledby="templates-panel-title"
      data-open={isOpen || undefined}
    >
      <div className="ui-panel__header">
        <h2 id="templates-panel-title">{t('templates.panel.title')}</h2>
        <Button variant="secondary" className="ui-button--small ui-panel__done" onClick={onDone}>
          {t('templates.panel.done')}
        </Button>
      </div>
      {selectedField ? fieldSettings : <p className="ui-hint">{t('templates.panel.noSelection')}</p>}
      {rolesPanel}
    </aside>
  );
}
