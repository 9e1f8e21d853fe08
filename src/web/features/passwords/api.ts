import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ChangePasswordInput } from '../../../shared/schemas/passwords';
import type { LoginRecord } from '../../components/lists/RowButtons';
import { api } from '../../lib/api';
import { replaceToken } from '../../lib/session';

/** The rules in a line (docs/SECURITY.md "Passwords"): the words are the context words the server refuses inside one. */
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password, not containing the username or the hotel's or shop's name, not built on a word like hotel or StayPerks.`;
export const PASSWORDS_DIFFER = 'The new passwords do not match';

/** The API's schema, then the confirmation: the new password typed twice must match. */
export const confirmed = <TSchema extends v.GenericSchema>(schema: TSchema, password: string, confirm: string) =>
  v.pipe(
    schema,
    v.check(() => password === confirm, PASSWORDS_DIFFER),
  );

/** PUT /auth/password: ends every other session; this device keeps working with the token it answers. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.put('/auth/password', { json: input }),
    onSuccess: (result) => replaceToken(result.access_token),
  });
}

/** A hotel's or merchant's login, as a list row's key button names it. */
export type ResetTarget = LoginRecord;

/** POST /hotels/{id}/reset-password or /merchants/{id}/reset-password: superadmin and admin only. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ target, password }: { target: ResetTarget; password: string }) =>
      api.post(`/${target.kind}/:id/reset-password`, { param: { id: target.id }, json: { password } }),
  });
}
