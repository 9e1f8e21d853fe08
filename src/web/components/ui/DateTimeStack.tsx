import { formatDateTime } from '../../../shared/format';

/** A timestamp as the date over the time ("22 Nov 2026" / "15:28"), so a table column stays narrow. */
export function DateTimeStack({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(', ');
  return (
    <span className="dt-stack">
      <span>{day}</span>
      {time && <small>{time}</small>}
    </span>
  );
}
