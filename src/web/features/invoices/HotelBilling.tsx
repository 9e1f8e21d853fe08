import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { HotelBilling } from '../../../shared/api-types';
import { GST_STATE_CODES, GST_STATES } from '../../../shared/gst';
import { HotelBillingSchema, type HotelBillingInput } from '../../../shared/schemas/invoices';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Button } from '../../components/ui/Button';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { hotelBillingQuery, useSaveHotelBilling } from './api';

/** Label and value rows, as Contact Us shows its details. */
export function DetailRows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="contact-list">
      {rows.map(([label, value]) => (
        <div key={label} className="contact-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The GST states, "29 Karnataka", for a select. */
export const STATE_OPTIONS = GST_STATE_CODES.map((code) => ({ id: code, name: `${code} ${GST_STATES[code]}` }));

const EMPTY_BILLING = { gstin: '', state_code: '', billing_email: '' };
type BillingForm = typeof EMPTY_BILLING;

/** The fields of a hotel's billing details: this dialog's, and the Add/Edit Hotel form's Basic Info. */
export const HOTEL_BILLING_FIELDS = [
  {
    field: 'gstin',
    label: 'GSTIN',
    maxLength: 15,
    autoComplete: 'off',
    hint: 'Leave empty when the hotel is not registered for GST.',
  },
  {
    field: 'state_code',
    label: 'State',
    kind: 'select',
    options: STATE_OPTIONS,
    placeholder: 'Same as the GSTIN',
    hint: 'The place of supply: CGST + SGST in our state, IGST in another.',
  },
  { field: 'billing_email', label: 'Billing e-mail', type: 'email', maxLength: 200, autoComplete: 'email' },
] satisfies FieldSpec<BillingForm>[];

const BILLING_FORM: SaveForm<HotelBilling, BillingForm, typeof HotelBillingSchema, HotelBillingInput> = {
  schema: HotelBillingSchema,
  toForm: (row) =>
    row
      ? { gstin: row.gstin ?? '', state_code: row.state_code ?? '', billing_email: row.billing_email ?? '' }
      : EMPTY_BILLING,
  toInput: (input) => input,
  fields: HOTEL_BILLING_FIELDS,
  texts: {
    add: 'Billing details',
    edit: 'Billing details',
    created: 'Billing details saved',
    updated: 'Billing details saved',
    failure: 'Failed to save billing details',
  },
};

/** A hotel's GSTIN, state and billing e-mail: its own (no `hotelId`) or, in the back office, a hotel's. */
export function HotelBillingDialog({ hotelId, ...props }: EditDialogProps<HotelBilling> & { hotelId?: string }) {
  const save = useSaveHotelBilling(hotelId);
  return <SaveFormDialog {...props} form={BILLING_FORM} save={save} />;
}

/** The back office's Billing details of a hotel: loads them, then the dialog. */
export function HotelBillingButton({ hotelId }: { hotelId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Billing details
      </Button>
      {open && (
        <PageBoundary pending={null}>
          <LoadedHotelBilling hotelId={hotelId} onClose={() => setOpen(false)} />
        </PageBoundary>
      )}
    </>
  );
}

function LoadedHotelBilling({ hotelId, onClose }: { hotelId: string; onClose: () => void }) {
  const { data } = useSuspenseQuery(hotelBillingQuery(hotelId));
  return <HotelBillingDialog hotelId={hotelId} open record={data} onClose={onClose} />;
}
