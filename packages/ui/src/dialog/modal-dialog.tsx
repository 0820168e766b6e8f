import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The ref for a native <dialog> shown as a modal while `isOpen`: the browser keeps focus inside,
 * closes it on Escape and gives focus back to the button that opened it.
 */
export function useModalDialog(isOpen: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);

  // After every render, not only when `isOpen` changes: closed by Escape and opened again before
  // React rendered in between (two updates in one batch), `isOpen` looks unchanged while the
  // browser's dialog is shut, and it would stay shut.
  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  });

  return dialog;
}

type ModalDialogProps = {
  isOpen: boolean;
  title: string;
  /** Escape, or the dialog closed otherwise while open. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

/** A titled modal dialog (see `useModalDialog`) whose content is there only while it is open. */
export function ModalDialog({ isOpen, title, onClose, className, children }: ModalDialogProps) {
  const dialog = useModalDialog(isOpen);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      className={className ? `ui-dialog ${className}` : 'ui-dialog'}
      aria-labelledby={titleId}
      onClose={() => isOpen && onClose()}
    >
      <div className="ui-dialog__body">
        <h2 id={titleId}>{title}</h2>
        {isOpen ? children : null}
      </div>
    </dialog>
  );
}
