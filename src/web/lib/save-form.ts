import { toast } from 'sonner';
import * as v from 'valibot';
import { errorText } from './api';

/**
 * A dialog form's save: the values checked by the API's own schema (its first message as a toast, nothing sent),
 * then sent; then the spec's success text, or the server's detail (else `failure`) as a toast. True once saved.
 * `refused` shows a refusal instead of the toast (e.g. also in the dialog: useFormError in components/ui/FormDialog).
 */
export async function saveChecked<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: unknown,
  save: (input: v.InferOutput<TSchema>) => Promise<unknown>,
  texts: { success: string; failure: string; refused?: (message: string) => void },
): Promise<boolean> {
  const refuse = texts.refused ?? ((message: string) => toast.error(message));
  const parsed = v.safeParse(schema, values);
  if (!parsed.success) {
    refuse(parsed.issues[0].message);
    return false;
  }
  try {
    await save(parsed.output);
    toast.success(texts.success);
    return true;
  } catch (error) {
    refuse(errorText(error, texts.failure));
    return false;
  }
}
