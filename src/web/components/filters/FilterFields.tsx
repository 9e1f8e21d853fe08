import { useId, type ReactNode } from 'react';
import { formatMonth } from '../../../shared/format';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { SearchIcon } from '../ui/icons';
import { SelectField, type Option } from '../ui/SelectField';

/**
 * A list's search box (type "search", no autocomplete); with `icon` the magnifier sits inside it. The list usually
 * follows once typing pauses (use-typing-pause.ts).
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className,
  icon = true,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  className?: string;
  icon?: boolean;
}) {
  const id = useId();
  const input = (
    <input
      id={id}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {icon ? (
        <div className="input-icon">
          <SearchIcon />
          {input}
        </div>
      ) : (
        input
      )}
    </div>
  );
}

/** A filter bar's Clear button (its words are `children`): back to no filters; disabled while none is set. */
export function ClearFilters({
  active,
  onClear,
  children,
}: {
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" disabled={!active} onClick={onClear}>
      {children}
    </Button>
  );
}

/** From and To date pickers that cannot cross each other; an emptied picker answers undefined. */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
  labels = ['Date From', 'Date To'],
}: {
  from: string | undefined;
  to: string | undefined;
  onFrom: (date: string | undefined) => void;
  onTo: (date: string | undefined) => void;
  labels?: [string, string];
}) {
  return (
    <>
      <DateField label={labels[0]} value={from} max={to} onChange={onFrom} />
      <DateField label={labels[1]} value={to} min={from} onChange={onTo} />
    </>
  );
}

/** A date picker, at most `max` and at least `min` when they are set; emptied, it answers undefined. */
function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (date: string | undefined) => void;
}) {
  return (
    <Field
      label={label}
      type="date"
      value={value ?? ''}
      min={min || undefined}
      max={max || undefined}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

/** A filter's select: first "All ..." (undefined), then the options by id; `children` adds option groups. */
export function FilterSelect({
  all,
  value,
  onChange,
  ...select
}: {
  label: string;
  all: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options?: readonly Option[];
  hiddenLabel?: boolean;
  children?: ReactNode;
}) {
  return (
    <SelectField
      {...select}
      placeholder={all}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

/** A pick among months ("2026-11"), shown as "November 2026". */
export function MonthSelect({
  label,
  months,
  value,
  onChange,
  disabled,
}: {
  label: string;
  months: string[];
  value: string;
  onChange: (month: string) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      {months.map((month) => (
        <option key={month} value={month}>
          {formatMonth(month)}
        </option>
      ))}
    </SelectField>
  );
}
