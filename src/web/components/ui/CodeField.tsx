import { Field } from './Field';

/**
 * The 6-digit code of an authenticator app (docs/PRODUCT.md "Two-step sign-in"): digits on a phone's keyboard, the
 * code a phone offers from a message or app, a space allowed as apps show "123 456".
 */
export function CodeField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Field
      label="Code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoFocus={autoFocus}
    />
  );
}
