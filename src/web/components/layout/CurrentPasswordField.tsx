import { Field } from '../ui/Field';

/** The current password asked again before a change to how the login signs in (docs/SECURITY.md "Re-authentication"). */
export function CurrentPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={200}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
