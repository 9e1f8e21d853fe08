import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldLabel } from './FieldLabel';

/** One choice of a select: the value sent and the text shown. */
export interface Option {
  id: string | number;
  name: string;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** The choices, after the placeholder and before any children. */
  options?: readonly Option[];
  /** The first, empty choice ("Select location"). */
  placeholder?: string;
  /** A note under the select, read with it. */
  hint?: ReactNode;
  /** The label is read by screen readers only (the select says what it filters). */
  hiddenLabel?: boolean;
  children?: ReactNode;
}

/** A labelled select in the style of components/ui/Field (required fields show the asterisk). */
export function SelectField({
  label,
  required,
  id,
  options,
  placeholder,
  hint,
  hiddenLabel,
  children,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="field">
      <FieldLabel htmlFor={selectId} label={label} required={required} hidden={hiddenLabel} />
      <select
        id={selectId}
        aria-required={required || undefined}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        {children}
      </select>
      {hint && (
        <p className="field-hint" id={`${selectId}-hint`}>
          {hint}
        </p>
      )}
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
