import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type * as v from 'valibot';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormFields, type FieldSpec } from './FormFields';
import { useDialogForm, type FormState } from './use-form';

interface ActionsProps {
  onCancel: () => void;
  /** A save is running: the submit button says busyLabel and waits. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** Also waits while this is true (e.g. an upload runs). */
  disabled?: boolean;
  /** The form the submit button sends, when the buttons sit outside it (a dialog's footer). */
  form?: string;
}

/** The end of every add/edit form: Cancel, then the submit button. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel = 'Processing...',
  disabled = false,
  form,
}: ActionsProps) {
  return (
    <div className="form-actions">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * A form's refusal, at its foot beside the submit button, where the eye is after pressing it (a toast can sit behind a
 * modal dialog on a small screen, and is gone before it is read). Read out when it appears.
 */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}

/** A check of a form's values: its first message, or undefined when they pass. */
export type FormCheck<V> = (values: V) => string | undefined;

interface Refusal<V> {
  message: string;
  /** The values refused. */
  values: V;
  check?: FormCheck<V>;
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The refusal of a dialog's form (`values`: what its checks read), shown with FormError until corrected: while the
 * values are those refused, or, for a check's refusal, while that check still refuses them with the same message
 * (typing in another field keeps it, correcting the field ends it). Opening the dialog again clears it
 * (lib/use-on-open.ts). `refuse` takes a message and, from a check, the check (lib/save-form.ts Refuse).
 */
export function useFormRefusal<V>(open: boolean, subject: unknown, values: V) {
  const [refusal, setRefusal] = useState<Refusal<V> | null>(null);
  useOnOpen(open, subject, () => setRefusal(null));
  const stands =
    refusal !== null && (sameValues(refusal.values, values) || refusal.check?.(values) === refusal.message);
  // A Refuse (lib/save-form.ts), whose check may read the values as this form holds them.
  const refuse = (message: string, check?: FormCheck<V>) => setRefusal({ message, values, check });
  return { error: stands ? refusal.message : null, refuse, clear: () => setRefusal(null) };
}

interface Props extends Omit<ActionsProps, 'onCancel' | 'form'> {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Runs one at a time: a second tap while it runs is ignored (lib/use-single-submit.ts). Resolving to true means
   * saved: the dialog closes.
   */
  onSubmit: () => Promise<boolean | void> | boolean | void;
  /** The refusal, shown at the form's foot (useFormRefusal). */
  error?: string | null;
  /** Cancel and submit in the dialog's footer, which stays in view while a long form scrolls. */
  actionsInFooter?: boolean;
  children: ReactNode;
}

/**
 * A modal with one form: its fields, then its refusal (FormError) and Cancel and the submit button. The fields are
 * checked by the caller with the API's schema (the browser's own checks are off), so messages are the spec's.
 */
export function FormDialog({
  open,
  title,
  onClose,
  size,
  onSubmit,
  error,
  actionsInFooter = false,
  children,
  ...actions
}: Props) {
  const once = useSingleSubmit();
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (actions.disabled) return; // e.g. an upload runs: what it gives is not known yet
    void once(async () => {
      if ((await onSubmit()) === true) onClose();
    });
  };
  const foot = (
    <>
      <FormError error={error} />
      <FormActions onCancel={onClose} form={actionsInFooter ? formId : undefined} {...actions} />
    </>
  );
  return (
    <Dialog open={open} title={title} onClose={onClose} size={size} footer={actionsInFooter && foot}>
      <form id={formId} onSubmit={submit} className="form" noValidate>
        {children}
        {!actionsInFooter && foot}
      </form>
    </Dialog>
  );
}

/** An add/edit dialog's texts: its titles, the toasts of a save, and the fallback of a refused save. */
export interface SaveTexts {
  add: string;
  edit: string;
  created: string;
  updated: string;
  failure: string;
}

/**
 * An add/edit form as data: the API's schema that checks it, the values it starts from for a record (null: a new
 * one), what a save sends (e.g. the checked input with the record's id), its fields and its texts.
 */
export interface SaveForm<TRecord, TForm, TSchema extends v.GenericSchema, TInput> {
  schema: TSchema;
  toForm: (record: TRecord | null) => TForm;
  toInput: (input: v.InferOutput<TSchema>, record: TRecord | null) => TInput;
  fields: FieldSpec<TForm>[];
  texts: SaveTexts;
}

/** A save's mutation (TanStack Query's useMutation): what a save dialog sends with, busy while it runs. */
export interface SaveMutation<TInput> {
  mutateAsync: (input: TInput) => Promise<unknown>;
  isPending: boolean;
}

/** What a page gives an add/edit dialog (lib/use-edit-dialog.ts): open to edit `record`, or to add one when null. */
export interface EditDialogProps<TRecord> {
  open: boolean;
  record: TRecord | null;
  onClose: () => void;
}

/**
 * An add/edit dialog of a `SaveForm`: the form starts again from the record each time it opens; its fields, then
 * `children` (more of the form), then its refusal, Cancel and Create or Update. Saved with saveChecked
 * (lib/save-form.ts): the API's schema first, then the spec's success toast, or the refusal in the form; `save` is
 * the save's mutation (busy while it runs).
 */
export function SaveFormDialog<TRecord, TForm extends object, TSchema extends v.GenericSchema, TInput>({
  open,
  record,
  onClose,
  form: spec,
  save,
  disabled,
  children,
}: EditDialogProps<TRecord> & {
  form: SaveForm<TRecord, TForm, TSchema, TInput>;
  save: SaveMutation<TInput>;
  /** Also waits while this is true (e.g. an upload runs). */
  disabled?: boolean;
  children?: (form: FormState<TForm>) => ReactNode;
}) {
  const form = useDialogForm(open, record, () => spec.toForm(record));
  const refusal = useFormRefusal(open, record, form.values);
  const { texts } = spec;
  const editing = record !== null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? texts.edit : texts.add}
      submitLabel={editing ? 'Update' : 'Create'}
      busy={save.isPending}
      disabled={disabled}
      onSubmit={() =>
        saveChecked(spec.schema, form.values, (input) => save.mutateAsync(spec.toInput(input, record)), {
          success: editing ? texts.updated : texts.created,
          failure: texts.failure,
          refused: refusal.refuse,
        })
      }
      error={refusal.error}
    >
      <FormFields form={form} fields={spec.fields} />
      {children?.(form)}
    </FormDialog>
  );
}
