import { useEffect, useRef, type ReactNode } from 'react';
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
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      raiseToastLayer();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Named by its own title (not by an element id): a dialog opened over another must not take that one's name.
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2>{title}</h2>
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
