import { type ReactNode, useEffect, useId, useRef } from 'react';

type SecurityDialogProps = { isOpen: boolean; title: string; onClose: () => void; children: ReactNode };

/**
 * A step of the security settings in a native modal <dialog> (as `ConfirmDialog` of packages/ui): focus
 * stays inside, Escape closes it, and closing returns focus to the button that opened it.
 */
export function SecurityDialog({ isOpen, title, onClose, children }: SecurityDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className="ui-dialog security-dialog"
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
