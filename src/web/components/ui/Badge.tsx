import type { ReactNode } from 'react';

/** purple: the offer rules' own colour (back-office.css), e.g. "Redeemed anyway". */
export type BadgeTone = 'green' | 'orange' | 'red' | 'grey' | 'blue' | 'purple';

export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
