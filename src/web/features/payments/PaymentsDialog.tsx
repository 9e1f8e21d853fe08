import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { formatDate, formatRupees } from '../../../shared/format';
import { MANUAL_PAYMENT_METHODS, ManualPaymentSchema, PAYMENT_METHOD_NAMES } from '../../../shared/schemas/payments';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Badge } from '../../components/ui/Badge';
import { StatusBadge } from './StatusBadge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormDialog } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { Table, TableHead } from '../../components/ui/Table';
import { useDialogForm } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { hotelPaymentsQuery, useRecordPayment, useSendPaymentLink, type PeriodPayments } from './api';
import './payments.css';

/**
 * Payments of a hotel (docs/PRODUCT.md "Payments"), from its details: each period with what it owes (the tax
 * invoice's total), what was paid (with TDS) and its status; a payment recorded by hand; a payment link sent through
 * the gateway, to copy or share. The roles that see amounts only (the button is not offered to managers).
 */
export function PaymentsButton({ hotel }: { hotel: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Payments
      </Button>
      <Dialog open={open} title={`Payments - ${hotel.name}`} onClose={() => setOpen(false)} size="lg">
        {open && (
          <PageBoundary pending={<p className="muted">Loading payments…</p>}>
            <LoadedPayments hotelId={hotel.id} />
          </PageBoundary>
        )}
      </Dialog>
    </>
  );
}

const rupees = (value: number) => formatRupees(value, 2);

function LoadedPayments({ hotelId }: { hotelId: string }) {
  const { data } = useSuspenseQuery(hotelPaymentsQuery(hotelId));
  if (data.periods.length === 0) return <p className="muted">No subscription periods yet.</p>;
  return (
    <div className="payments">
      {data.gateway === null && <p className="muted">No payment gateway is set up: payments are recorded by hand.</p>}
      {data.periods.map((period) => (
        <PeriodCard key={period.id} hotelId={hotelId} period={period} gateway={data.gateway !== null} />
      ))}
    </div>
  );
}

function PeriodCard({ hotelId, period, gateway }: { hotelId: string; period: PeriodPayments; gateway: boolean }) {
  const owes = !period.cancelled && period.outstanding > 0;
  const label = `${formatDate(period.from_date)} to ${formatDate(period.to_date)}`;
  return (
    <section className="payment-period" aria-label={`Period ${label}`}>
      <header className="payment-period-head">
        <div>
          <h3>{label}</h3>
          <p className="muted">
            {period.is_renewal ? 'Renewal' : 'First period'}
            {period.invoice_number && ` · Invoice ${period.invoice_number}`}
          </p>
        </div>
        <StatusBadge period={period} />
      </header>
      <dl className="payment-figures">
        <div>
          <dt>Due</dt>
          <dd>{rupees(period.due)}</dd>
        </div>
        <div>
          <dt>Paid (with TDS)</dt>
          <dd>{rupees(period.paid)}</dd>
        </div>
        <div>
          <dt>Outstanding</dt>
          <dd className={owes ? 'payment-owed' : undefined}>{rupees(period.outstanding)}</dd>
        </div>
      </dl>
      {period.payments.length > 0 && <PaymentsTable period={period} />}
      {period.link && <LinkLine link={period.link} />}
      {owes && (
        <div className="payment-actions">
          <RecordPaymentButton hotelId={hotelId} period={period} label={label} />
          {gateway && <SendLinkButton hotelId={hotelId} periodId={period.id} />}
        </div>
      )}
    </section>
  );
}

function PaymentsTable({ period }: { period: PeriodPayments }) {
  return (
    <Table caption="Payments received" layout="cards">
      <TableHead columns={['Date', 'Method', ['Amount', 'num'], ['TDS', 'num'], 'Reference', 'Recorded by']} />
      <tbody>
        {period.payments.map((payment) => (
          <tr key={payment.id}>
            <td data-label="Date">{formatDate(payment.paid_on)}</td>
            <td data-label="Method">{PAYMENT_METHOD_NAMES[payment.method]}</td>
            <td data-label="Amount" className="num">
              {rupees(payment.amount)}
              {payment.refund_amount > 0 && (
                <>
                  {' '}
                  <Badge tone="red">Refund due {rupees(payment.refund_amount)}</Badge>
                </>
              )}
            </td>
            <td data-label="TDS" className="num">
              {payment.tds_amount > 0 ? rupees(payment.tds_amount) : '-'}
            </td>
            <td data-label="Reference">{payment.reference ?? '-'}</td>
            <td data-label="Recorded by">{payment.recorded_by}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const LINK_STATES = { created: 'Open', paid: 'Paid', expired: 'Expired', cancelled: 'Cancelled' } as const;

function LinkLine({ link }: { link: NonNullable<PeriodPayments['link']> }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success('Payment link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it');
    }
  };
  return (
    <p className="payment-link">
      Payment link for {rupees(link.amount)}:{' '}
      <a href={link.url} target="_blank" rel="noreferrer">
        {link.url}
      </a>{' '}
      <Badge tone={link.status === 'paid' ? 'green' : link.status === 'created' ? 'blue' : 'grey'}>
        {LINK_STATES[link.status]}
      </Badge>
      {link.status === 'created' && <span className="muted"> until {formatDate(link.expires_at.slice(0, 10))}</span>}
      {link.status === 'created' && (
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      )}
    </p>
  );
}

function SendLinkButton({ hotelId, periodId }: { hotelId: string; periodId: string }) {
  const send = useSendPaymentLink(hotelId);
  return (
    <Button
      variant="secondary"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(periodId, {
          onSuccess: (sent) => toast.success(sent.detail),
          onError: (failure) => toast.error(errorText(failure, 'Failed to send the payment link')),
        })
      }
    >
      {send.isPending ? 'Sending…' : 'Send payment link'}
    </Button>
  );
}

interface PaymentForm {
  amount: string;
  tds_amount: string;
  method: string;
  paid_on: string;
  reference: string;
}

const METHOD_OPTIONS = MANUAL_PAYMENT_METHODS.map((id) => ({ id, name: PAYMENT_METHOD_NAMES[id] }));

const PAYMENT_FIELDS = [
  { field: 'amount', label: 'Amount received (₹)', inputMode: 'decimal', required: true },
  {
    field: 'tds_amount',
    label: 'TDS deducted (₹)',
    inputMode: 'decimal',
    hint: 'Tax the hotel deducted at source: it counts towards what is due.',
  },
  { field: 'method', label: 'Method', kind: 'select', options: METHOD_OPTIONS, required: true },
  { field: 'paid_on', label: 'Payment date', type: 'date', required: true },
  { field: 'reference', label: 'Reference', maxLength: 100, hint: 'UTR, cheque number or receipt number.' },
] satisfies FieldSpec<PaymentForm>[];

function RecordPaymentButton({ hotelId, period, label }: { hotelId: string; period: PeriodPayments; label: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment(hotelId, period.id);
  const form = useDialogForm<PaymentForm>(open, period.id, () => ({
    amount: period.outstanding.toFixed(2),
    tds_amount: '',
    method: 'upi',
    paid_on: todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone),
    reference: '',
  }));
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = async () => {
    const checked = v.safeParse(ManualPaymentSchema, { ...form.values, tds_amount: form.values.tds_amount || 0 });
    if (!checked.success) return setError(checked.issues[0].message);
    try {
      const done = await record.mutateAsync(checked.output);
      toast.success(done.detail);
      return true;
    } catch (failure) {
      setError(errorText(failure, 'Failed to record the payment'));
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Record payment</Button>
      <FormDialog
        open={open}
        title="Record payment"
        onClose={close}
        size="sm"
        busy={record.isPending}
        submitLabel="Record payment"
        onSubmit={submit}
        error={error}
      >
        <p className="muted">
          {label}: {rupees(period.outstanding)} still due.
        </p>
        <FormFields form={form} fields={PAYMENT_FIELDS} />
      </FormDialog>
    </>
  );
}
