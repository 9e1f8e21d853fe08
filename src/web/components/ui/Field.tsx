import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldLabel } from './FieldLabel';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
}

/** A labelled input; required fields get the asterisk the spec's forms show. */
export function Field({ label, hint, required, id, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="field">
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input id={inputId} required={required} {...rest} />
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}
