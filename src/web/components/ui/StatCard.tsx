import type { ReactNode } from 'react';

/** A headline figure: icon, label and value (dashboard cards, report summary cards). */
export interface Stat {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  tone?: 'brand' | 'green' | 'orange' | 'blue' | 'violet';
}

function StatCard({ icon, label, value, tone = 'brand' }: Stat) {
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

/** A grid of headline figures; `label` names the group for screen readers. */
export function StatGrid({ stats, label, className }: { stats: Stat[]; label?: string; className?: string }) {
  return (
    <div className={className ? `stat-grid ${className}` : 'stat-grid'} aria-label={label}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </div>
  );
}
