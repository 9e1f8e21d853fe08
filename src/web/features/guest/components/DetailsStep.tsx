import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { addDays } from '../../../../shared/dates';
import { CHECKOUT_MAX_DAYS } from '../../../../shared/schemas/scans';
import { Field } from '../../../components/ui/Field';
import type { Category } from '../categories';
import { useGuestI18n } from '../i18n/i18n';
import type { GuestDetails } from '../types';
import { CategoryCard } from './CategoryCard';

interface Props {
  details: GuestDetails;
  /** The phone's date, the checkout's earliest; none on the page's first screen (first-screen-markup.tsx). */
  today?: string;
  busy: boolean;
  topCategories: Category[];
  onChange: (details: GuestDetails) => void;
  onSubmit: () => void;
}

/**
 * Step 1: Enter Your Details, the consent boxes (docs/PRIVACY.md: the first required, then reminders and offers, each
 * optional and separate, none ticked for the guest), and a Top Categories preview of the first 3 categories.
 */
export function DetailsStep({ details, today, busy, topCategories, onChange, onSubmit }: Props) {
  const { t } = useGuestI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <form className="guest-card form" onSubmit={submit} noValidate>
        <div>
          <h2 className="guest-title">{t.details.title}</h2>
          <p className="muted">{t.details.intro}</p>
        </div>
        <Field
          label={t.details.name}
          required
          autoComplete="name"
          value={details.customer_name}
          maxLength={100}
          onChange={(e) => onChange({ ...details, customer_name: e.target.value })}
        />
        <Field
          label={t.details.phone}
          required
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t.details.phonePlaceholder}
          maxLength={10}
          value={details.mobile_number}
          onChange={(e) => onChange({ ...details, mobile_number: e.target.value.replace(/\D/g, '').slice(0, 10) })}
        />
        <Field
          label={t.details.checkout}
          required
          type="date"
          min={today}
          max={today && addDays(today, CHECKOUT_MAX_DAYS)}
          value={details.checkout_date}
          onChange={(e) => onChange({ ...details, checkout_date: e.target.value })}
        />
        <div className="guest-consent">
          <input
            id="guest-consent"
            type="checkbox"
            required
            checked={details.consent === true}
            onChange={(e) => onChange({ ...details, consent: e.target.checked })}
          />
          <div>
            <label htmlFor="guest-consent">{t.details.consent}</label>{' '}
            <Link to="/privacy" className="guest-privacy-link">
              {t.details.privacyLink}
            </Link>
          </div>
        </div>
        <div className="guest-consent">
          <input
            id="guest-reminders"
            type="checkbox"
            checked={details.reminders_opt_in === true}
            onChange={(e) => onChange({ ...details, reminders_opt_in: e.target.checked })}
          />
          <label htmlFor="guest-reminders">{t.details.reminders}</label>
        </div>
        <div className="guest-consent">
          <input
            id="guest-marketing"
            type="checkbox"
            checked={details.marketing_opt_in === true}
            onChange={(e) => onChange({ ...details, marketing_opt_in: e.target.checked })}
          />
          <label htmlFor="guest-marketing">{t.details.marketing}</label>
        </div>
        <button type="submit" className="btn btn-primary btn-block guest-cta" disabled={busy}>
          {busy ? t.details.checking : t.details.continue}
        </button>
      </form>
      {topCategories.length > 0 && (
        <section className="guest-section" aria-labelledby="top-categories">
          <h2 id="top-categories" className="guest-subtitle">
            {t.details.topCategories}
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
