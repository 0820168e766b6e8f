import type { FormDefinition } from '@formwerk/contracts';
import { Icon, useDisclosure } from '@formwerk/ui';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAssistantStore } from '../stores/form-assistant-store';
import { AssistantPanel, assistantPanelId } from './assistant-panel';

/**
 * The assistant's button for the builder's toolbar and the panel it opens (a disclosure: focus moves
 * to the description, Escape or "Schließen" closes it and gives focus back to the button). The
 * conversation outlives closing the panel, not the builder: a form opened next starts afresh.
 */
export function FormAssistant({
  definition,
  onApply,
}: {
  definition: FormDefinition;
  onApply: (definition: FormDefinition) => void;
}) {
  const { t } = useTranslation('forms');
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const disclosure = useDisclosure({ trigger: button, panel, initialFocus: 'textarea' });
  useEffect(() => () => useFormAssistantStore.getState().leave(), []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={disclosure.isOpen}
        aria-controls={assistantPanelId}
        title={t('assistant.title')}
        onClick={disclosure.toggle}
      >
        <Icon icon={Sparkles} />
        <span className="ui-phone-hidden">{t('assistant.open')}</span>
      </button>
      {disclosure.isOpen ? (
        <AssistantPanel
          panelRef={panel}
          definition={definition}
          onApply={onApply}
          onClose={() => {
            disclosure.close();
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
