import { useCallback, useState } from 'react';
import { useOnOpen } from '../../lib/use-on-open';

/** The keys of T whose value may be any string: what a text input or a textarea writes. */
export type TextKeys<T> = { [K in keyof T]-?: string extends T[K] ? K : never }[keyof T];

/** The keys of T whose value is a string or a number, e.g. one of a select's choices. */
export type ChoiceKeys<T> = { [K in keyof T]-?: T[K] extends string | number | null | undefined ? K : never }[keyof T];

/** A form's values, as its inputs hold them, and a setter for one of them. */
export interface FormState<T> {
  values: T;
  // A method (its parameters compare both ways), so a larger form can fill a part's fields (hotels/SubscriptionFields).
  set<K extends keyof T>(this: void, key: K, value: T[K]): void;
}

function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setValues((f) => ({ ...f, [key]: value })), []);
  const form: FormState<T> = { values, set };
  return [form, setValues] as const;
}

/** A form's state; `initial` once, when the form is first shown. */
export function useForm<T extends object>(initial: T | (() => T)): FormState<T> {
  return useFormValues(initial)[0];
}

/**
 * A dialog's form: back to `initial()` each time the dialog opens, or opens for another record (`subject`,
 * lib/use-on-open.ts), so a cancelled edit leaves nothing behind.
 */
export function useDialogForm<T extends object>(open: boolean, subject: unknown, initial: () => T): FormState<T> {
  const [form, reset] = useFormValues(initial);
  useOnOpen(open, subject, () => reset(initial()));
  return form;
}
