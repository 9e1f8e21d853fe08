import { useRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from './Button';

interface Props {
  accept: string;
  multiple?: boolean;
  /** An upload runs: the button waits and Remove is not offered. */
  busy?: boolean;
  /** Also waits while this is true (e.g. the list is full). */
  disabled?: boolean;
  /** The files chosen; the input is emptied first, so choosing the same file again picks it again. */
  onPick: (files: File[]) => void;
  /** Offers Remove after the button (while not busy). */
  onRemove?: () => void;
  /** The hidden input's id, class and label (it stays out of sight: the button opens it). */
  input?: InputHTMLAttributes<HTMLInputElement>;
  button?: ButtonHTMLAttributes<HTMLButtonElement>;
  children: ReactNode;
}

/** An upload button: a file input out of sight, a button that opens it, and Remove once there is a file. */
export function FilePickButton({
  accept,
  multiple,
  busy = false,
  disabled = false,
  onPick,
  onRemove,
  input,
  button,
  children,
}: Props) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={ref}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={busy || disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          onPick(files);
        }}
        {...input}
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => ref.current?.click()}
        disabled={busy || disabled}
        {...button}
      >
        {children}
      </Button>
      {onRemove && !busy && (
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove
        </Button>
      )}
    </>
  );
}
