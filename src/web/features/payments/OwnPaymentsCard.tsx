import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate, formatRupees } from '../../../shared/format';
import { Card } from '../../components/ui/Card';
import { ownPaymentsQuery } from './api';
import { StatusBadge } from './StatusBadge';
import './payments.css';

/**
 * The hotel's own payments (docs/PRODUCT.md "Payments"), above its invoices: each period still owing, with a Pay now
 * button while its payment link is open; "All paid" when nothing is due.
 */
export function OwnPaymentsCard() {
  const { data } = useSuspenseQuery(ownPaymentsQuery);
  const owing = data.periods.filter((p) => !p.cancelled && p.outstanding > 0);
  return (
    <Card className="billing-card">
      <div className="billing-card-head">
        <h2>Payments</h2>
      </div>
      {owing.length === 0 ? (
        <p className="muted">All paid: nothing is due for your subscription.</p>
      ) : (
        <ul className="own-payments">
          {owing.map((period) => {
            const open = period.link?.status === 'created' ? period.link : null;
            return (
              <li key={period.id} className="own-payment">
                <div>
                  <strong>{formatRupees(period.outstanding, 2)} due</strong> <StatusBadge period={period} />
                  <p className="muted">
                    {formatDate(period.from_date)} to {formatDate(period.to_date)}
                    {period.invoice_number && ` · Invoice ${period.invoice_number}`}
                  </p>
                </div>
                {open ? (
                  <a className="btn btn-primary btn-md" href={open.url} target="_blank" rel="noreferrer">
                    Pay now
                  </a>
                ) : (
                  <span className="muted">Contact us to pay</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
