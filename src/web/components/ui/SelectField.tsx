import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldLabel } from './FieldLabel';

/** A labelled select in the style of components/ui/Field (required fields show the asterisk). */
export function SelectField({
  label,
  required,
  id,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="field">
      <FieldLabel htmlFor={selectId} label={label} required={required} />
      <select id={selectId} aria-required={required || undefined} {...rest}>
        {children}
      </select>
    </div>
  );
}

/** A labelled textarea in the style of components/ui/Field. */
export function TextAreaField({
  label,
  required,
  id,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const autoId = useId();
  const areaId = id ?? autoId;
  return (
    <div className="field">
      <FieldLabel htmlFor={areaId} label={label} required={required} />
      <textarea id={areaId} aria-required={required || undefined} rows={3} {...rest} />
    </div>
  );
}
