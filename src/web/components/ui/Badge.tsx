import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'orange' | 'red' | 'grey' | 'blue';

export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
