import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { OFFER_TYPE_LABELS } from '../../../shared/format';
import {
  OFFER_TYPES,
  VALIDITY_DATES_REQUIRED,
  offerUpdateSchema,
  type OfferType,
  type OfferUpdateInput,
} from '../../../shared/schemas/offers';
import type { Offer } from '../../../shared/types';
import { FormActions } from '../../components/ui/FormDialog';
import { Field } from '../../components/ui/Field';
import { SelectField, TextAreaField } from '../../components/ui/SelectField';
import { OfferImagesField } from './OfferImagesField';

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
  };
}

const schema = offerUpdateSchema();

interface Props {
  initial: OfferFormValues;
  /** The edit forms show the Active checkbox; a new admin offer starts active. */
  showActive?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with checked values; the caller sends them and reports the outcome. */
  onSubmit: (values: OfferUpdateInput) => Promise<void> | void;
  onCancel: () => void;
  /** Where images go; POST /merchants/upload-image unless given. */
  uploadImage?: (file: File) => Promise<{ url: string }>;
}

/**
 * Offer fields (docs/PRODUCT.md "API fields", docs/PRODUCT.md "Forms and messages"): name, type, value, validity,
 * hours, description, terms, up to 3 images and, when editing, Active. Shared by the admin Create Offer and Edit Offer
 * dialogs and the merchant's My Offers.
 */
export function OfferForm({
  initial,
  showActive = false,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
  uploadImage,
}: Props) {
  const [form, setForm] = useState<OfferFormValues>(initial);
  const [uploading, setUploading] = useState(false);
  const running = useRef(false);
  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current || busy || uploading) return; // one save at a time
    if (!form.validity_from || !form.validity_to) {
      toast.error(VALIDITY_DATES_REQUIRED);
      return;
    }
    const parsed = v.safeParse(schema, form);
    if (!parsed.success) {
      toast.error(parsed.issues[0].message);
      return;
    }
    running.current = true;
    try {
      await onSubmit(parsed.output);
    } finally {
      running.current = false;
    }
  };

  const percent = form.offer_type === 'percentage';
  return (
    <form className="form offer-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="mo-form-grid">
        <div className="mo-wide">
          <Field
            label="Offer Name"
            required
            value={form.offer_name}
            onChange={(e) => set('offer_name', e.target.value)}
            placeholder="e.g. 20% off on dinner"
            maxLength={200}
          />
        </div>
        <SelectField
          label="Offer Type"
          required
          value={form.offer_type}
          onChange={(e) => set('offer_type', e.target.value as OfferType)}
        >
          {OFFER_TYPES.map((type) => (
            <option key={type} value={type}>
              {OFFER_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <Field
          label={percent ? 'Offer Value (%)' : 'Offer Value (₹)'}
          required
          type="number"
          inputMode="decimal"
          min={0}
          max={percent ? 100 : undefined}
          step="0.01"
          value={form.offer_value}
          onChange={(e) => set('offer_value', e.target.value)}
        />
        <Field
          label="Valid From"
          required
          type="date"
          value={form.validity_from}
          onChange={(e) => set('validity_from', e.target.value)}
        />
        <Field
          label="Valid To"
          required
          type="date"
          min={form.validity_from || undefined}
          value={form.validity_to}
          onChange={(e) => set('validity_to', e.target.value)}
        />
        <Field
          label="Opening Hours"
          required
          type="time"
          value={form.opening_hours}
          onChange={(e) => set('opening_hours', e.target.value)}
        />
        <Field
          label="Closing Hours"
          required
          type="time"
          value={form.closing_hours}
          onChange={(e) => set('closing_hours', e.target.value)}
        />
        <div className="mo-wide">
          <TextAreaField
            label="Description"
            required
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder="What the guest gets"
            maxLength={2000}
          />
        </div>
        <div className="mo-wide">
          <TextAreaField
            label="Terms & Conditions"
            required
            value={form.terms_conditions}
            onChange={(e) => set('terms_conditions', e.target.value)}
            placeholder="e.g. One voucher per guest per visit"
            maxLength={4000}
          />
        </div>
        <div className="mo-wide">
          <OfferImagesField
            value={form.images ?? []}
            onChange={(images) => set('images', images)}
            onBusyChange={setUploading}
            upload={uploadImage}
          />
        </div>
        {showActive && (
          <label className="mo-checkbox mo-wide">
            <input type="checkbox" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
            Active
          </label>
        )}
      </div>
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
