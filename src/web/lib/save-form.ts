import { toast } from 'sonner';
import * as v from 'valibot';
import { errorText } from './api';

/** What a check says of `values`: its first message, or undefined when they pass. */
export type Check = (values: unknown) => string | undefined;

/**
 * Shows a refusal in the form (useFormRefusal in components/ui/FormDialog.tsx); `check`, when given, is the check
 * that refused, so the message can go as soon as the values pass it.
 */
export type Refuse = (message: string, check?: Check) => void;

/** The first message of `schema` over `values`, or undefined when they pass. */
export function firstRefusal(schema: v.GenericSchema, values: unknown): string | undefined {
  const parsed = v.safeParse(schema, values);
  return parsed.success ? undefined : parsed.issues[0].message;
}

/**
 * A dialog form's save: the values checked by the API's own schema (its first message refused, with the schema as
 * the check; nothing sent), then sent; then the spec's success text as a toast, or the server's detail (else
 * `failure`) refused. A refusal shows in the form (docs/PRODUCT.md "Forms and messages"). True once saved.
 */
export async function saveChecked<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: unknown,
  save: (input: v.InferOutput<TSchema>) => Promise<unknown>,
  texts: { success: string; failure: string; refused: Refuse },
): Promise<boolean> {
  const parsed = v.safeParse(schema, values);
  if (!parsed.success) {
    texts.refused(parsed.issues[0].message, (current) => firstRefusal(schema, current));
    return false;
  }
  try {
    await save(parsed.output);
    toast.success(texts.success);
    return true;
  } catch (error) {
    texts.refused(errorText(error, texts.failure));
    return false;
  }
}
