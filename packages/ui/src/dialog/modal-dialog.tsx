import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/**
 * The ref for a native <dialog> shown as a modal while `isOpen`: the browser keeps focus inside,
 * closes it on Escape and gives focus back to the button that opened it. `onClose` hears of the
 * browser closing it (Escape).
 */
export function useModalDialog(isOpen: boolean, onClose: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const latest = useRef({ isOpen, onClose });
  useLayoutEffect(() => {
    latest.current = { isOpen, onClose };
  });

  // After every render, not only when `isOpen` changes: a dialog shut by the browser while `isOpen`
  // is still true is shown again.
  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  });

  // Shut by the browser: its owner's state follows at once, rendered before the next event. Left to
  // React's batching, an Escape followed quickly by the key that opens it again could leave `isOpen`
  // true throughout, with no render to show the dialog again (React bails out of an unchanged state).
  useEffect(() => {
    const element = dialog.current;
    const closed = () => {
      if (latest.current.isOpen) flushSync(latest.current.onClose);
    };
    element?.addEventListener('close', closed);
    return () => element?.removeEventListener('close', closed);
  }, []);

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
  const dialog = useModalDialog(isOpen, onClose);
  const titleId = useId();

  return (
    <dialog ref={dialog} className={className ? `ui-dialog ${className}` : 'ui-dialog'} aria-labelledby={titleId}>
      <div className="ui-dialog__body">
        <h2 id={titleId}>{title}</h2>
        {isOpen ? children : null}
      </div>
    </dialog>
  );
}
