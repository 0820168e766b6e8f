import { Button } from '@formwerk/ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './account.css';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};

/**
 * Asks before a change that cannot be undone. A native modal <dialog> keeps focus inside, closes on
 * Escape and returns focus to the button that opened it; Cancel comes first so Enter never confirms.
 */
export function ConfirmDialog({ isOpen, title, confirmLabel, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const { t } = useTranslation('account');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  return (
    <dialog ref={dialog} className="account-dialog" aria-labelledby={titleId} onClose={() => isOpen && onCancel()}>
      <div className="account-card">
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="account-card__actions">
          <Button variant="secondary" onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </dialog>
  );
}
