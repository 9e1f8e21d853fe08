import type { ReactNode } from 'react';

/** One label and value of a details list (`<dl>`); a missing value shows "-". */
export function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children ?? '-'}</dd>
    </div>
  );
}
