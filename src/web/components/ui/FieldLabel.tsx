/**
 * A field's label; a required field gets the asterisk the spec's forms show (screen readers hear `required`). A
 * `hidden` label is read by screen readers only.
 */
export function FieldLabel({
  htmlFor,
  label,
  required,
  hidden,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
  hidden?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={hidden ? 'visually-hidden' : undefined}>
      {label}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
