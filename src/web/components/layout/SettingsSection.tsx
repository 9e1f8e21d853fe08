import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

/** One titled block of the settings screen, with its action button at the top right. */
export function SettingsSection({
  id,
  icon,
  title,
  description,
  action,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="settings-section" aria-labelledby={`${id}-title`} role="region">
      <header className="settings-section-header">
        <span className="settings-section-icon">{icon}</span>
        <div className="settings-section-heading">
          <h2 id={`${id}-title`}>{title}</h2>
          {description && <p className="muted">{description}</p>}
        </div>
        {action && <div className="settings-section-action">{action}</div>}
      </header>
      {children}
    </Card>
  );
}
