/** An on/off switch (role="switch"), e.g. the All Offers Active toggle. */
export function ActiveSwitch({
  checked,
  label,
  disabled,
  onToggle,
}: {
  checked: boolean;
  label: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={label}
      className={`mo-switch ${checked ? 'mo-switch-on' : ''}`}
      disabled={disabled}
      onClick={onToggle}
    >
      <span className="mo-switch-thumb" aria-hidden="true" />
    </button>
  );
}
