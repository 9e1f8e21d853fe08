import type { ReactNode } from 'react';

/** A headline figure: icon, label and value (dashboard cards, report summary cards). */
export function StatCard({
  icon,
  label,
  value,
  tone = 'brand',
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  tone?: 'brand' | 'green' | 'orange' | 'blue' | 'violet';
}) {
  return (
    <div className={`stat-card stat-${tone}`} role="group" aria-label={label}>
      <span className="stat-icon">{icon}</span>
      <span className="stat-text">
        <span className="stat-label">{label}</span>
        <span className="stat-value">{value}</span>
      </span>
    </div>
  );
}
