import type { FormSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FormRowActionsProps = {
  form: FormSummary;
  onDuplicate: (form: FormSummary) => void;
  onArchive: (form: FormSummary) => void;
  onDelete: (form: FormSummary) => void;
};

/**
 * What can be done with one form, behind one button per row (a disclosure: Tab moves through the
 * entries, Escape closes and returns to the button, a click elsewhere closes).
 */
export function FormRowActions({ form, onDuplicate, onArchive, onDelete }: FormRowActionsProps) {
  const { t } = useTranslation('forms');
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // While open: a click elsewhere or tabbing out closes the entries, Escape also returns to the button.
  useEffect(() => {
    const element = container.current;
    if (!isOpen || !element) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    // A click on an entry that does not take focus (Safari's buttons) has no related target: stay open.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  const choose = (action: (form: FormSummary) => void) => () => {
    setIsOpen(false);
    toggle.current?.focus();
    action(form);
  };

  return (
    <div ref={container} className="form-list-actions">
      <button
        ref={toggle}
        type="button"
        className="ui-button ui-button--ghost"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('formList.actions.label', { title: form.title })}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('formList.actions.button')}
      </button>
      <ul id={menuId} className="form-list-actions__menu" hidden={!isOpen}>
        <li>
          <AppLink to="v1-forms-id" params={{ id: form.id }}>
            {t('formList.actions.open')}
          </AppLink>
        </li>
        <li>
          <AppLink to="v1-forms-id-share" params={{ id: form.id }}>
            {t('formList.actions.share')}
          </AppLink>
        </li>
        <li>
          <AppLink to="v1-forms-id-submissions" params={{ id: form.id }}>
            {t('formList.actions.submissions')}
          </AppLink>
        </li>
        <li>
          <button type="button" onClick={choose(onDuplicate)}>
            {t('formList.actions.duplicate')}
          </button>
        </li>
        <li>
          <button type="button" onClick={choose(onArchive)}>
            {t('formList.actions.archive')}
          </button>
        </li>
        <li>
          <button type="button" className="form-list-actions__danger" onClick={choose(onDelete)}>
            {t('formList.actions.delete')}
          </button>
        </li>
      </ul>
    </div>
  );
}
