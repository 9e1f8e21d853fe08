import { useSuspenseQuery } from '@tanstack/react-query';
import { merchantTypesQuery } from '../../merchant-types';
import type { TabProps } from './form';

const SELECTIONS = [
  { value: 'all', title: 'All offers', note: 'Guests see every offer in the hotel’s location.' },
  { value: 'manual', title: 'Manual selection', note: 'Guests see offers of the merchant types ticked below.' },
] as const;

/** Offers: all offers of the location, or those of the merchant types ticked. */
export function OffersTab({ form: { values: form, set }, locked, idPrefix }: TabProps) {
  const { data: merchantTypes } = useSuspenseQuery(merchantTypesQuery);
  const selected = form.selected_merchant_types ?? [];
  return (
    <div className="stack" role="tabpanel" aria-label="Offers">
      <fieldset className="hotel-choice">
        <legend>Offer Selection Type</legend>
        {SELECTIONS.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name={`${idPrefix}-selection`}
              checked={form.offer_selection_type === choice.value}
              onChange={() => set('offer_selection_type', choice.value)}
              disabled={locked}
            />
            <span>
              <strong>{choice.title}</strong>
              <span className="muted">{choice.note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {form.offer_selection_type === 'manual' && (
        <fieldset className="hotel-types">
          <legend>Merchant Types</legend>
          {merchantTypes.length === 0 ? (
            <p className="muted">No merchant types yet. Add them in Settings.</p>
          ) : (
            merchantTypes.map((type) => (
              <label key={type.id} className="hotel-type-option">
                <input
                  type="checkbox"
                  checked={selected.includes(type.id)}
                  disabled={locked}
                  onChange={(e) =>
                    set(
                      'selected_merchant_types',
                      e.target.checked ? [...selected, type.id] : selected.filter((id) => id !== type.id),
                    )
                  }
                />
                <span>{type.name}</span>
              </label>
            ))
          )}
        </fieldset>
      )}
    </div>
  );
}
