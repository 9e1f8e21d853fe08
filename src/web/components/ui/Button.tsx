import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'md' | 'sm';
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...rest }: Props) {
  return <button type={type} className={`btn btn-${variant} btn-${size} ${className}`} {...rest} />;
}

/** A square icon button; `label` is read by screen readers and shown as a tooltip. */
export function IconButton({
  label,
  variant = 'ghost',
  className = '',
  ...rest
}: Omit<Props, 'aria-label'> & { label: string }) {
  return (
    <Button
      variant={variant}
      size="sm"
      className={`btn-icon ${className}`}
      aria-label={label}
      title={label}
      {...rest}
    />
  );
}
