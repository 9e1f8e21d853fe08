import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/passwords';
import type { FieldSpec, InputFieldSpec } from '../../components/ui/FormFields';
import type { TextKeys } from '../../components/ui/use-form';
import { PASSWORD_HINT } from './api';

/** A new hotel's or merchant's login, as the Credentials fields hold it. */
export type NewLogin = { username: string; password: string };
export const EMPTY_LOGIN: NewLogin = { username: '', password: '' };

/** Username and Password of a new hotel's or merchant's login (Add New Hotel, Add New Merchant, Add Staff). */
export function newLoginFields<T extends NewLogin>(): FieldSpec<T>[] {
  return [
    usernameField<T>('username' as TextKeys<T>),
    { ...passwordField<T>('password' as TextKeys<T>, 'Password'), placeholder: 'Enter password', hint: PASSWORD_HINT },
  ];
}
export const NEW_LOGIN_FIELDS = newLoginFields<NewLogin>();

/** A new login's required Username: no autocomplete, and no capital or spelling fix from a phone's keyboard. */
export function usernameField<T>(field: TextKeys<T>): InputFieldSpec<T> {
  return {
    field,
    label: 'Username',
    required: true,
    placeholder: 'Enter username',
    maxLength: 100,
    autoComplete: 'off',
    autoCapitalize: 'none',
    spellCheck: false,
  };
}

/** An existing login's Username, to sign in or ask for a code: the browser and password managers fill it. */
export function signInUsernameField<T>(field: TextKeys<T>): InputFieldSpec<T> {
  return {
    field,
    label: 'Username',
    name: 'username',
    autoComplete: 'username',
    required: true,
    autoCapitalize: 'none',
    spellCheck: false,
    maxLength: 100,
  };
}

/** A required password field; a new password by default. */
export function passwordField<T>(
  field: TextKeys<T>,
  label: string,
  { autoComplete = 'new-password', maxLength = PASSWORD_MAX_LENGTH } = {},
): InputFieldSpec<T> {
  return { field, label, required: true, type: 'password', maxLength, autoComplete };
}

/** New Password, with the password rules, then Confirm New Password: Change Password and Reset Password. */
export function newPasswordFields<T>(password: TextKeys<T>, confirm: TextKeys<T>, autoFocus = false): FieldSpec<T>[] {
  return [
    { ...passwordField(password, 'New Password'), hint: PASSWORD_HINT, autoFocus: autoFocus || undefined },
    passwordField(confirm, 'Confirm New Password'),
  ];
}
