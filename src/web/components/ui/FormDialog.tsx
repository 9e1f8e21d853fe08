import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type * as v from 'valibot';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
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

/** A form's last refusal, shown above its fields: a toast can sit behind a modal dialog on a small screen. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="hotel-form-error" role="alert">
      {error}
    </p>
  );
}

/**
 * The last refusal of a dialog's form and `fail`, which shows it in the form and as a toast; `clear` hides it, as
 * does opening the dialog again (lib/use-on-open.ts).
 */
export function useFormError(open: boolean, subject: unknown) {
  const [error, setError] = useState<string | null>(null);
  useOnOpen(open, subject, () => setError(null));
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };
  return { error, fail, clear: () => setError(null) };
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
  /** The last refusal, shown above the fields (useFormError). */
  error?: string | null;
  /** Cancel and submit in the dialog's footer, which stays in view while a long form scrolls. */
  actionsInFooter?: boolean;
  children: ReactNode;
}

/**
 * A modal with one form: its fields, then Cancel and the submit button. The fields are checked by the caller with
 * the API's schema (the browser's own checks are off), so messages are the spec's and show as toasts.
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
  const buttons = <FormActions onCancel={onClose} form={actionsInFooter ? formId : undefined} {...actions} />;
  return (
    <Dialog open={open} title={title} onClose={onClose} size={size} footer={actionsInFooter && buttons}>
      <form id={formId} onSubmit={submit} className="form" noValidate>
        <FormError error={error} />
        {children}
        {!actionsInFooter && buttons}
      </form>
    </Dialog>
  );
}

/** An add/edit dialog's texts: its titles, then the toasts of a save. */
export interface SaveTexts {
  add: string;
  edit: string;
  created: string;
  updated: string;
  failure: string;
}

interface SaveProps<TSchema extends v.GenericSchema> extends Omit<
  Props,
  'onSubmit' | 'submitLabel' | 'error' | 'title'
> {
  /** The record edited (the button says Update), or null to add one (Create). */
  record: unknown;
  texts: SaveTexts;
  schema: TSchema;
  values: unknown;
  save: (input: v.InferOutput<TSchema>) => Promise<unknown>;
}

/** An add/edit dialog saved with saveChecked (lib/save-form.ts): the API's schema first, then the spec's toasts. */
export function SaveFormDialog<TSchema extends v.GenericSchema>({
  record,
  texts,
  schema,
  values,
  save,
  ...props
}: SaveProps<TSchema>) {
  const editing = record !== null;
  return (
    <FormDialog
      {...props}
      title={editing ? texts.edit : texts.add}
      submitLabel={editing ? 'Update' : 'Create'}
      onSubmit={() =>
        saveChecked(schema, values, save, {
          success: editing ? texts.updated : texts.created,
          failure: texts.failure,
        })
      }
    />
  );
}
