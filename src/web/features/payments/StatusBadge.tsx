import { PAYMENT_STATUS_NAMES, type PaymentStatus } from '../../../shared/schemas/payments';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import type { PeriodPayments } from './api';

const STATUS_TONES: Record<PaymentStatus, BadgeTone> = { unpaid: 'red', partly_paid: 'orange', paid: 'green' };

/** A period's payment status; a cancelled period owes nothing. */
export function StatusBadge({ period }: { period: Pick<PeriodPayments, 'cancelled' | 'status'> }) {
  if (period.cancelled) return <Badge tone="grey">Cancelled</Badge>;
  return <Badge tone={STATUS_TONES[period.status]}>{PAYMENT_STATUS_NAMES[period.status]}</Badge>;
}
