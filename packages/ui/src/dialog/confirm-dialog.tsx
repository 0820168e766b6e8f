import { type ReactNode, useId } from 'react';
import { Button } from '../button/button';
import { useModalDialog } from './modal-dialog';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};

/**
 * Asks before a change that cannot be undone. A native modal <dialog> keeps focus inside, closes on
 * Escape and returns focus to the button that opened it; Cancel comes first so Enter never confirms.
 */
export function ConfirmDialog({
  isOpen,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const dialog = useModalDialog(isOpen, onCancel);
  const titleId = useId();

  return (
    <dialog ref={dialog} className="ui-dialog" aria-labelledby={titleId}>
      <div className="ui-dialog__body">
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </dialog>
  );
}
