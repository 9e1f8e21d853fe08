import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './Button';
import { raiseToastLayer } from '../../lib/toast-layer';
import { CloseIcon } from './icons';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** A modal on the native <dialog> element: focus trap, Esc and the top layer come from the browser. */
export function Dialog({ open, title, onClose, children, footer, size = 'sm' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // Its own id: a dialog opened over another (a password asked from Devices) must not take the other's title.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      raiseToastLayer();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <IconButton label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </header>
          <div className="dialog-content">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
