import type { FormEvent, ReactNode } from 'react';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { Button } from './Button';
import { Dialog } from './Dialog';

interface ActionsProps {
  onCancel: () => void;
  /** A save is running: the submit button says busyLabel and waits. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** Also waits while this is true (e.g. an upload runs). */
  disabled?: boolean;
}

/** The end of every add/edit form: Cancel, then the submit button. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel = 'Processing...',
  disabled = false,
}: ActionsProps) {
  return (
    <div className="form-actions">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

interface Props extends Omit<ActionsProps, 'onCancel'> {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg';
  /** Runs one at a time: a second tap while it runs is ignored (lib/use-single-submit.ts). */
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}

/**
 * A modal with one form: its fields, then Cancel and the submit button. The fields are checked by the caller with
 * the API's schema (the browser's own checks are off), so messages are the spec's and show as toasts.
 */
export function FormDialog({ open, title, onClose, size, onSubmit, children, ...actions }: Props) {
  const once = useSingleSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      await onSubmit();
    });
  };
  return (
    <Dialog open={open} title={title} onClose={onClose} size={size}>
      <form onSubmit={submit} className="form" noValidate>
        {children}
        <FormActions onCancel={onClose} {...actions} />
      </form>
    </Dialog>
  );
}
