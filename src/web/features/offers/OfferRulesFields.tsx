import { useId, useState } from 'react';
import { ISO_WEEKDAYS, WEEKDAY_NAMES } from '../../../shared/offer-rules';
import { MAX_BLACKOUT_DAYS } from '../../../shared/schemas/offers';
import { IconButton } from '../../components/ui/Button';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { CloseIcon, PlusIcon } from '../../components/ui/icons';
import type { FormState } from '../../components/ui/use-form';
import type { OfferFormValues } from './OfferForm';
import { FREQUENCY_LIMITS_NOTE } from './rules-text';

type RuleKey =
  'total_cap' | 'daily_cap' | 'redeem_weekdays' | 'blackout_dates' | 'min_bill' | 'max_party' | 'per_guest_days';
const RULE_KEYS: RuleKey[] = [
  'total_cap',
  'daily_cap',
  'redeem_weekdays',
  'blackout_dates',
  'min_bill',
  'max_party',
  'per_guest_days',
];

/** How many rules the form holds (an empty text or list is no rule). */
export function rulesSet(values: OfferFormValues): number {
  return RULE_KEYS.filter((key) => {
    const value = values[key];
    if (value === null || value === undefined) return false;
    if (Array.isArray(value)) return value.length > 0;
    return String(value).trim() !== '';
  }).length;
}

const WHOLE = { type: 'number', inputMode: 'numeric', min: 1, step: 1, placeholder: 'No limit' } as const;

const NUMBER_FIELDS: FieldSpec<OfferFormValues>[] = [
  { field: 'total_cap', label: 'Total cap', hint: 'Vouchers in all', ...WHOLE },
  { field: 'daily_cap', label: 'Daily cap', hint: 'Vouchers a day', ...WHOLE },
  {
    field: 'min_bill',
    label: 'Min. bill (₹)',
    hint: 'Asked at the counter',
    type: 'number',
    inputMode: 'decimal',
    min: 0,
    step: '0.01',
    placeholder: 'Any bill',
  },
  { field: 'max_party', label: 'Max party size', hint: 'Shown to guests', ...WHOLE, placeholder: 'Any' },
  {
    field: 'per_guest_days',
    label: 'Once per guest every (days)',
    hint: `One voucher of this offer per mobile number in that many days, across all hotels. ${FREQUENCY_LIMITS_NOTE}`,
    ...WHOLE,
    max: 365,
    placeholder: 'No limit',
    wrap: 'mo-rules-wide',
  },
];

const SHORT_DAY = (day: number) => WEEKDAY_NAMES[day]!.slice(0, 3);

/**
 * "Limits and conditions" (docs/PRODUCT.md "Offer rules"): caps, weekdays, blackout periods, minimum bill, party size
 * and frequency, all optional. Folded away until opened (open from the start when the offer has rules), so the form
 * stays short on a phone; the numbers sit two to a row, the weekdays are seven toggles in one row.
 */
export function OfferRulesFields({ form }: { form: FormState<OfferFormValues> }) {
  const { values, set } = form;
  const [open, setOpen] = useState(() => rulesSet(values) > 0);
  const count = rulesSet(values);
  const id = useId();
  const weekdays = values.redeem_weekdays ?? [];
  const blackout = values.blackout_dates ?? [];

  const toggleDay = (day: number) => {
    const next = weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b);
    // None picked is every day: no rule (an empty list is refused).
    set('redeem_weekdays', next.length === 0 ? null : next);
  };
  const setRange = (index: number, end: 'from' | 'to', date: string) =>
    set(
      'blackout_dates',
      blackout.map((range, i) => (i === index ? { ...range, [end]: date } : range)),
    );
  const removeRange = (index: number) => {
    const next = blackout.filter((_, i) => i !== index);
    set('blackout_dates', next.length === 0 ? null : next);
  };
  // Blackout days lie within the validity dates (the schema refuses others).
  const within = { min: values.validity_from || undefined, max: values.validity_to || undefined };

  return (
    <details className="mo-rules mo-wide" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="mo-rules-summary">
        <span className="mo-rules-title">Limits and conditions</span>
        <span className="mo-rules-state">{count === 0 ? 'Optional' : `${count} set`}</span>
      </summary>
      <div className="mo-rules-body">
        <div className="mo-rules-grid">
          <FormFields form={form} fields={NUMBER_FIELDS} />
        </div>
        <fieldset className="mo-rules-set">
          <legend>Redeemable weekdays</legend>
          <div className="mo-weekdays" role="group" aria-describedby={`${id}-days`}>
            {ISO_WEEKDAYS.map((day) => (
              <button
                key={day}
                type="button"
                className="mo-weekday"
                aria-pressed={weekdays.includes(day)}
                aria-label={WEEKDAY_NAMES[day]}
                onClick={() => toggleDay(day)}
              >
                {SHORT_DAY(day)}
              </button>
            ))}
          </div>
          <p id={`${id}-days`} className="field-hint">
            {weekdays.length === 0 ? 'None picked: every day.' : 'Vouchers are redeemed on the days picked only.'}
          </p>
        </fieldset>
        <fieldset className="mo-rules-set">
          <legend>Blackout periods</legend>
          {blackout.length > 0 && (
            <ul className="mo-blackout-list">
              {blackout.map((range, index) => (
                // Rows have no id of their own; the list grows at its end and loses a row by its button.
                <li key={index} className="mo-blackout">
                  <label className="mo-blackout-end">
                    <span>From</span>
                    <input
                      type="date"
                      value={range.from}
                      {...within}
                      onChange={(e) => setRange(index, 'from', e.target.value)}
                      aria-label={`Blackout ${index + 1} from`}
                    />
                  </label>
                  <label className="mo-blackout-end">
                    <span>To</span>
                    <input
                      type="date"
                      value={range.to}
                      min={range.from || within.min}
                      max={within.max}
                      onChange={(e) => setRange(index, 'to', e.target.value)}
                      aria-label={`Blackout ${index + 1} to`}
                    />
                  </label>
                  <IconButton label={`Remove blackout ${index + 1}`} onClick={() => removeRange(index)}>
                    <CloseIcon />
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-sm mo-blackout-add"
            onClick={() => set('blackout_dates', [...blackout, { from: '', to: '' }])}
          >
            <PlusIcon width={16} height={16} /> Add blackout period
          </button>
          <p className="field-hint">
            Days the voucher cannot be used, e.g. a festival (both days included, at most {MAX_BLACKOUT_DAYS} days in
            all).
          </p>
        </fieldset>
      </div>
    </details>
  );
}
