import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GST_STATES } from '../../../shared/gst';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EditIcon } from '../../components/ui/icons';
import { ownBillingQuery } from './api';
import { DetailRows, HotelBillingDialog } from './HotelBilling';
import { InvoicesPage } from './InvoicesPage';
import { OwnPaymentsCard } from '../payments';

/**
 * The hotel area's Invoices (docs/PRODUCT.md "Tax invoices"): its billing details, which its next invoices print
 * (issued ones keep theirs), what it still owes with Pay now (docs/PRODUCT.md "Payments"), then its tax invoices and
 * credit notes with their PDFs.
 */
export function OwnInvoicesPage() {
  const { data: billing } = useSuspenseQuery(ownBillingQuery);
  const [open, setOpen] = useState(false);
  return (
    <div className="stack">
      <Card className="billing-card">
        <div className="billing-card-head">
          <h2>Billing details</h2>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <EditIcon /> Edit
          </Button>
        </div>
        <DetailRows
          rows={[
            ['GSTIN', billing.gstin ?? 'Not registered'],
            ['State', billing.state_code ? `${billing.state_code} ${GST_STATES[billing.state_code]}` : 'Not set'],
            ['Billing e-mail', billing.billing_email ?? 'Not set'],
          ]}
        />
        <p className="muted">Your next invoices print these; issued invoices keep what they printed.</p>
      </Card>
      <OwnPaymentsCard />
      <InvoicesPage own />
      <HotelBillingDialog open={open} record={billing} onClose={() => setOpen(false)} />
    </div>
  );
}
