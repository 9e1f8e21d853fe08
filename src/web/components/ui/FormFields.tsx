import type { ChangeEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';
import { SelectField, TextAreaField, type Option } from './SelectField';
import type { ChoiceKeys, FormState, TextKeys } from './use-form';

type Bound = 'value' | 'onChange' | 'children';

interface Common {
  label: string;
  /** A class for a box around the field (e.g. a grid's full-width cell). */
  wrap?: string;
}

/** `field`: the form value the field shows and sets; a text field's value may be any string. */
type InputSpec<T> = { kind?: 'input'; field: TextKeys<T>; hint?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  Bound
>;
type TextAreaSpec<T> = { kind: 'textarea'; field: TextKeys<T> } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  Bound
>;
/** A select's value is one of its options' ids. */
type SelectSpec<T> = {
  kind: 'select';
  field: ChoiceKeys<T>;
  options: readonly Option[];
  placeholder?: string;
  hint?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, Bound>;

/** One field of a form, as data: which value, its label, and the input's attributes. */
export type FieldSpec<T> = Common & (InputSpec<T> | TextAreaSpec<T> | SelectSpec<T>);
/** A text input's field. */
export type InputFieldSpec<T> = Common & InputSpec<T>;

type Change = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** One field bound to its form value: the label, the input (text, textarea or select) and its hint. */
function FormField<T>({ form, spec, disabled }: { form: FormState<T>; spec: FieldSpec<T>; disabled?: boolean }) {
  const { field, wrap, ...attributes } = spec;
  const bound = {
    value: (form.values[field] ?? '') as string | number,
    // A text field takes any string, a select one of its options (TextKeys, ChoiceKeys).
    onChange: (event: Change) => form.set(field, event.target.value as T[typeof field]),
    disabled: disabled || spec.disabled,
  };
  let input: ReactNode;
  if (attributes.kind === 'textarea') {
    const { kind: _kind, ...rest } = attributes;
    input = <TextAreaField {...rest} {...bound} />;
  } else if (attributes.kind === 'select') {
    const { kind: _kind, ...rest } = attributes;
    input = <SelectField {...rest} {...bound} />;
  } else {
    const { kind: _kind, ...rest } = attributes;
    input = <Field {...rest} {...bound} />;
  }
  return wrap ? <div className={wrap}>{input}</div> : input;
}

/** A form's fields, in order, from a list of specs; `disabled` locks them all. */
export function FormFields<T>({
  form,
  fields,
  disabled,
}: {
  form: FormState<T>;
  fields: readonly FieldSpec<T>[];
  disabled?: boolean;
}) {
  return fields.map((spec) => <FormField key={String(spec.field)} form={form} spec={spec} disabled={disabled} />);
}
