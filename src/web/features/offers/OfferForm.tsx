import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { OFFER_TYPE_LABELS } from '../../../shared/format';
import {
  OFFER_TYPES,
  VALIDITY_DATES_REQUIRED,
  offerUpdateSchema,
  type OfferUpdateInput,
} from '../../../shared/schemas/offers';
import type { Offer } from '../../../shared/api-types';
import { FormActions, FormError, useFormRefusal } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useForm } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { firstRefusal } from '../../lib/save-form';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { OfferImagesField } from './OfferImagesField';
import { OfferRulesFields } from './OfferRulesFields';

/** The offer form's state: the API's offer input as the inputs hold it (the value as typed, dates 'YYYY-MM-DD'). */
export type OfferFormValues = Required<v.InferInput<ReturnType<typeof offerUpdateSchema>>>;

/** docs/PRODUCT.md "Constants": a new offer is a percentage of 0; the edit form's Active defaults to true. */
export const NEW_OFFER: OfferFormValues = {
  offer_name: '',
  offer_type: 'percentage',
  offer_value: '0',
  validity_from: '',
  validity_to: '',
  opening_hours: '',
  closing_hours: '',
  description: '',
  terms_conditions: '',
  is_active: true,
  images: [],
  // The offer's rules (docs/PRODUCT.md "Offer rules"): none until chosen.
  total_cap: null,
  daily_cap: null,
  redeem_weekdays: null,
  blackout_dates: null,
  min_bill: null,
  max_party: null,
  per_guest_days: null,
};

export function offerToForm(offer: Offer): OfferFormValues {
  return {
    offer_name: offer.offer_name,
    offer_type: offer.offer_type,
    offer_value: String(offer.offer_value),
    validity_from: offer.validity_from.slice(0, 10),
    validity_to: offer.validity_to.slice(0, 10),
    opening_hours: offer.opening_hours ?? '',
    closing_hours: offer.closing_hours ?? '',
    description: offer.description,
    terms_conditions: offer.terms_conditions,
    is_active: offer.is_active ?? true,
    images: offer.images ?? [],
    // Kept as they are: a save sends the whole offer (PUT replaces it), rules included.
    total_cap: offer.total_cap,
    daily_cap: offer.daily_cap,
    redeem_weekdays: offer.redeem_weekdays,
    blackout_dates: offer.blackout_dates,
    min_bill: offer.min_bill,
    max_party: offer.max_party,
    per_guest_days: offer.per_guest_days,
  };
}

const schema = offerUpdateSchema();

/** The form's first refusal: the validity dates first (the spec's message), then the API's schema. */
const offerRefusal = (values: OfferFormValues) =>
  !values.validity_from || !values.validity_to ? VALIDITY_DATES_REQUIRED : firstRefusal(schema, values);

const TYPE_OPTIONS = OFFER_TYPES.map((type) => ({ id: type, name: OFFER_TYPE_LABELS[type] }));
const WIDE = 'mo-wide';

/** The text fields in order; the value's unit and the first valid day follow what is chosen. */
function offerFields(form: OfferFormValues): FieldSpec<OfferFormValues>[] {
  const percent = form.offer_type === 'percentage';
  return [
    {
      field: 'offer_name',
      label: 'Offer Name',
      required: true,
      placeholder: 'e.g. 20% off on dinner',
      maxLength: 200,
      wrap: WIDE,
    },
    { kind: 'select', field: 'offer_type', label: 'Offer Type', required: true, options: TYPE_OPTIONS },
    {
      field: 'offer_value',
      label: percent ? 'Offer Value (%)' : 'Offer Value (₹)',
      required: true,
      type: 'number',
      inputMode: 'decimal',
      min: 0,
      max: percent ? 100 : undefined,
      step: '0.01',
    },
    { field: 'validity_from', label: 'Valid From', required: true, type: 'date' },
    { field: 'validity_to', label: 'Valid To', required: true, type: 'date', min: form.validity_from || undefined },
    { field: 'opening_hours', label: 'Opening Hours', required: true, type: 'time' },
    { field: 'closing_hours', label: 'Closing Hours', required: true, type: 'time' },
    {
      kind: 'textarea',
      field: 'description',
      label: 'Description',
      required: true,
      placeholder: 'What the guest gets',
      maxLength: 2000,
      wrap: WIDE,
    },
    {
      kind: 'textarea',
      field: 'terms_conditions',
      label: 'Terms & Conditions',
      required: true,
      placeholder: 'e.g. One voucher per guest per visit',
      maxLength: 4000,
      wrap: WIDE,
    },
  ];
}

interface Props {
  initial: OfferFormValues;
  /** The edit forms show the Active checkbox; a new admin offer starts active. */
  showActive?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with checked values; the caller sends them and says so. A rejection is refused in the form. */
  onSubmit: (values: OfferUpdateInput) => Promise<void>;
  /** What a refused save says when the server gives no detail. */
  failure: string;
  onCancel: () => void;
  /** Where images go; POST /merchants/upload-image unless given. */
  uploadImage?: (file: File) => Promise<{ url: string }>;
}

/**
 * Offer fields (docs/PRODUCT.md "API fields", docs/PRODUCT.md "Forms and messages"): name, type, value, validity,
 * hours, description, terms, up to 3 images, the offer's rules ("Offer rules", folded under Limits and conditions)
 * and, in the back office's edit, Active. Shared by the admin Create Offer and Edit Offer
 * dialogs and the merchant's My Offers.
 */
export function OfferForm({
  initial,
  showActive = false,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  failure,
  onCancel,
  uploadImage,
}: Props) {
  const state = useForm(initial);
  const { values: form, set } = state;
  const [uploading, setUploading] = useState(false);
  const once = useSingleSubmit();
  // Shown at the form's foot until corrected (components/ui/FormDialog.tsx); the form is drawn anew for each opening.
  const refusal = useFormRefusal(true, null, form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || uploading) return;
    const refused = offerRefusal(form);
    if (refused) return refusal.refuse(refused, offerRefusal);
    const values = v.parse(schema, form);
    // One save at a time.
    void once(async () => {
      try {
        await onSubmit(values);
      } catch (error) {
        refusal.refuse(errorText(error, failure));
      }
    });
  };

  return (
    <form className="form offer-form" noValidate onSubmit={submit}>
      <div className="mo-form-grid">
        <FormFields form={state} fields={offerFields(form)} />
        <div className="mo-wide">
          <OfferImagesField
            value={form.images ?? []}
            onChange={(images) => set('images', images)}
            onBusyChange={setUploading}
            upload={uploadImage}
          />
        </div>
        <OfferRulesFields form={state} />
        {showActive && (
          <label className="mo-checkbox mo-wide">
            <input type="checkbox" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
            Active
          </label>
        )}
      </div>
      <FormError error={refusal.error} />
      <FormActions
        onCancel={onCancel}
        busy={busy}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        disabled={uploading}
      />
    </form>
  );
}
