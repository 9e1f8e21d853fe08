import { useState } from 'react';
import * as v from 'valibot';
import { rupeesText } from '../../../shared/offer-rules';
import { RedeemVoucherSchema } from '../../../shared/schemas/merchant-area';
import { Button } from '../../components/ui/Button';
import { ReasonDialog } from '../../components/ui/ReasonDialog';
import { BillField } from './BillAmountForm';

/**
 * What the counter does after an offer's rule answers (docs/COUNTER.md "Offer rules at the counter"): the bill amount
 * a minimum bill asks for before redeeming, and "Redeem anyway" past a rule, with a reason.
 */

/** `bill_required`: the bill, in rupees on the numeric keypad, then the voucher is redeemed with it. */
export function BillRequiredForm({
  minBill,
  inputId,
  onActive,
  onRedeem,
}: {
  minBill: number;
  /** The input's id, so the counter can put the cursor in it (after the scanner). */
  inputId?: string;
  onActive: () => void;
  onRedeem: (amount: number) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <BillField
      id={inputId}
      className="ma-bill-required"
      label="Bill amount (₹)"
      placeholder={`At least ${rupeesText(minBill)}`}
      autoFocus
      submitLabel="Redeem"
      busyLabel="Redeeming..."
      busy={busy}
      onActive={onActive}
      onAmount={async (amount) => {
        setBusy(true);
        try {
          await onRedeem(amount);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** The override reason's own check (one line, 1 to 200 characters), as the server's schema has it. */
const OverrideReasonSchema = v.object({ reason: RedeemVoucherSchema.entries.override_reason.wrapped });

/** "Redeem anyway" and its dialog: a reason, then the same voucher sent again with it. */
export function RedeemAnyway({
  code,
  rule,
  open,
  onOpen,
  onClose,
  onRedeem,
}: {
  code: string;
  /** The rule passed over, in words ("Valid Monday to Friday only"). */
  rule: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Sends the voucher again with the reason; a rejection keeps the dialog open with its detail. */
  onRedeem: (reason: string) => Promise<unknown>;
}) {
  return (
    <>
      <Button variant="secondary" className="ma-anyway" onClick={onOpen}>
        Redeem anyway
      </Button>
      <ReasonDialog
        open={open}
        title="Redeem anyway"
        confirmLabel="Redeem anyway"
        busyLabel="Redeeming..."
        variant="primary"
        placeholder="e.g. Manager agreed: guest leaves tomorrow"
        schema={OverrideReasonSchema}
        onClose={onClose}
        onConfirm={onRedeem}
        failure="Could not redeem the voucher"
      >
        <p>
          <span className="ma-mono">{code}</span>: {rule}. Redeeming it anyway is marked as such, with your reason, in
          today&apos;s list, your customers and the activity log.
        </p>
      </ReasonDialog>
    </>
  );
}
