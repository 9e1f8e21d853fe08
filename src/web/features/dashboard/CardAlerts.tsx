import { queryOptions, useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/Badge';
import { api } from '../../lib/api';

/** GET /dashboard/superadmin/card-alerts: today's cards at their limit or far above their usual day. */
const cardAlertsQuery = queryOptions({
  queryKey: ['dashboard', 'superadmin', 'card-alerts'],
  queryFn: () => api.get('/dashboard/superadmin/card-alerts'),
  meta: { logMessage: 'Failed to load card alerts' },
});

/**
 * Cards that look farmed today (docs/PRODUCT.md "Guest trust"): a hotel's card (or its old link) that reached its daily
 * limit, or took at least 10 claims and 3 times its usual day. Shown only when there is one.
 */
export function CardAlerts() {
  const { data } = useQuery(cardAlertsQuery);
  if (!data || data.length === 0) return null;
  return (
    <section className="insight-section card-alerts" aria-labelledby="card-alerts-title">
      <h2 id="card-alerts-title" className="insight-title">
        Cards busier than usual today
      </h2>
      <ul className="card-alerts-list">
        {data.map((alert) => (
          <li key={`${alert.hotel_id}:${alert.placement_id ?? 'link'}`}>
            <strong>{alert.hotel_name}</strong> · {alert.label}: {alert.claims_today}{' '}
            {alert.claims_today === 1 ? 'claim' : 'claims'} today (limit {alert.daily_limit}, usual {alert.usual_day} a
            day){' '}
            {alert.spike === 'limit' ? (
              <Badge tone="red">Limit reached</Badge>
            ) : (
              <Badge tone="orange">Far above usual</Badge>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
