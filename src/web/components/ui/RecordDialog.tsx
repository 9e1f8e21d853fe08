import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

interface Props<T> {
  /** The record shown; the dialog is open while it is set. */
  record: T | null;
  title: string;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg';
  /** The dialog's buttons for the record. */
  footer?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}

/** A dialog about one record (its details, or a form for it): open while `record` is set, drawn from it. */
export function RecordDialog<T>({ record, title, onClose, size, footer, children }: Props<T>) {
  return (
    <Dialog
      open={record !== null}
      title={title}
      onClose={onClose}
      size={size}
      footer={record !== null && footer ? footer(record) : undefined}
    >
      {record !== null && children(record)}
    </Dialog>
  );
}
