import type { FormEvent } from 'react';
import { addDays } from '../../../../shared/dates';
import { CHECKOUT_MAX_DAYS } from '../../../../shared/schemas/scans';
import { Field } from '../../../components/ui/Field';
import type { Category } from '../categories';
import type { GuestDetails } from '../types';
import { CategoryCard } from './CategoryCard';

interface Props {
  details: GuestDetails;
  today: string;
  busy: boolean;
  topCategories: Category[];
  onChange: (details: GuestDetails) => void;
  onSubmit: () => void;
}

/** Step 1: Enter Your Details, and a Top Categories preview of the first 3 categories. */
export function DetailsStep({ details, today, busy, topCategories, onChange, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <form className="guest-card form" onSubmit={submit} noValidate>
        <div>
          <h2 className="guest-title">Enter Your Details</h2>
          <p className="muted">Get up to 3 free vouchers from the best local places.</p>
        </div>
        <Field
          label="Name"
          required
          autoComplete="name"
          value={details.customer_name}
          maxLength={100}
          onChange={(e) => onChange({ ...details, customer_name: e.target.value })}
        />
        <Field
          label="Phone Number"
          required
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={10}
          value={details.mobile_number}
          onChange={(e) => onChange({ ...details, mobile_number: e.target.value.replace(/\D/g, '').slice(0, 10) })}
        />
        <Field
          label="Check Out Date"
          required
          type="date"
          min={today}
          max={addDays(today, CHECKOUT_MAX_DAYS)}
          value={details.checkout_date}
          onChange={(e) => onChange({ ...details, checkout_date: e.target.value })}
        />
        <label className="guest-consent">
          <input
            type="checkbox"
            checked={details.consent === true}
            onChange={(e) => onChange({ ...details, consent: e.target.checked })}
          />
          <span>
            I agree to share my name and mobile number with StayPerks and the merchants I pick, to receive and use my
            vouchers. <a href="/privacy">Privacy notice</a>
          </span>
        </label>
        <label className="guest-consent">
          <input
            type="checkbox"
            checked={details.marketing_opt_in === true}
            onChange={(e) => onChange({ ...details, marketing_opt_in: e.target.checked })}
          />
          <span>Send me offers from StayPerks partners later (optional)</span>
        </label>
        <button type="submit" className="btn btn-primary btn-block guest-cta" disabled={busy}>
          {busy ? 'Checking...' : 'Continue'}
        </button>
      </form>
      {topCategories.length > 0 && (
        <section className="guest-section" aria-labelledby="top-categories">
          <h2 id="top-categories" className="guest-subtitle">
            Top Categories
          </h2>
          <ul className="category-grid">
            {topCategories.map((category) => (
              <li key={category.id}>
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
