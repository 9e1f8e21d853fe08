import { Card } from '../ui/Card';

/** Pages the specification leaves without behaviour (hotel dashboard and customers), or not built yet. */
export function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <Card className="placeholder">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
    </Card>
  );
}
