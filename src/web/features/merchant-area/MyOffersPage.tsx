import { useSuspenseQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { describeOfferRules } from '../../../shared/offer-rules';
import { formatDate, formatOfferValueForGuest } from '../../../shared/format';
import type { Offer, OfferWithResults } from '../../../shared/api-types';
import { OfflineNotice } from '../../components/layout/OfflineNotice';
import { Badge } from '../../components/ui/Badge';
import { ExportButton } from '../../components/ui/ExportButton';
import { AddButton, RowButton } from '../../components/lists/RowButtons';
import { EditIcon, PauseIcon, PlayIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { CAP_REACHED, resultsText, todayText, totalText } from '../offers';
import { myOffersQuery } from './api';
import { FrequencySetting } from './FrequencySetting';
import { MyOfferDialog } from './MyOfferDialog';
import { usePauseMyOffer } from './offer-levers';

const hours = (offer: Offer) =>
  offer.opening_hours && offer.closing_hours ? `${offer.opening_hours} – ${offer.closing_hours}` : '-';

/** The offer's state as the merchant reads it: switched off by StayPerks, paused here, or on. */
function StateBadges({ offer }: { offer: Offer }) {
  return (
    <span className="ma-offer-badges">
      {!offer.is_active ? (
        <Badge tone="grey">Inactive</Badge>
      ) : offer.is_paused ? (
        <Badge tone="blue">Paused</Badge>
      ) : (
        <Badge tone="green">Active</Badge>
      )}
      {offer.cap_reached && <Badge tone="red">{CAP_REACHED}</Badge>}
    </span>
  );
}

function OfferCard({ offer, onEdit }: { offer: OfferWithResults; onEdit: () => void }) {
  const pause = usePauseMyOffer();
  const rules = describeOfferRules(offer);
  const flip = () =>
    pause.mutate(
      { id: offer.id, paused: !offer.is_paused },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.is_paused ? `${saved.offer_name} paused: guests no longer see it` : `${saved.offer_name} is back on`,
          ),
        onError: (error) => toast.error(errorText(error, 'Could not change the offer')),
      },
    );
  return (
    <li className="card ma-offer-card">
      <div className="ma-offer-head">
        <h3>{offer.offer_name}</h3>
        <span className="offer-value-badge ma-offer-value">
          {formatOfferValueForGuest(offer.offer_type, offer.offer_value)}
        </span>
      </div>
      <p className="ma-offer-description">{offer.description}</p>
      <dl className="ma-offer-facts">
        <div>
          <dt>Hours</dt>
          <dd>{hours(offer)}</dd>
        </div>
        <div>
          <dt>Valid Until</dt>
          <dd className={offer.is_expired ? 'ma-expired' : undefined}>
            {formatDate(offer.validity_to)}
            {offer.is_expired && ' (expired)'}
          </dd>
        </div>
        {/* Vouchers left under its caps, or issued where it has none (docs/PRODUCT.md "Offer rules"). */}
        <div>
          <dt>Today</dt>
          <dd>{todayText(offer)}</dd>
        </div>
        <div>
          <dt>In all</dt>
          <dd>{totalText(offer)}</dd>
        </div>
      </dl>
      {/* What it brought (docs/DATA.md "Per-offer results"): vouchers used and what guests spent, by month and in all. */}
      <dl className="ma-offer-results" aria-label={`Results of ${offer.offer_name}`}>
        <div>
          <dt>This month</dt>
          <dd>{resultsText(offer.results.this_month)}</dd>
        </div>
        <div>
          <dt>All time</dt>
          <dd>{resultsText(offer.results.all_time)}</dd>
        </div>
      </dl>
      {rules.length > 0 && (
        <ul className="ma-offer-rules" aria-label="Rules">
          {rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {!offer.is_active && <p className="ma-offer-off">Switched off by StayPerks. Contact us to turn it back on.</p>}
      <div className="ma-offer-foot">
        <StateBadges offer={offer} />
        <span className="ma-offer-actions">
          {/* One tap (docs/PRODUCT.md "Offer rules"): guests stop or start seeing it at once. */}
          {offer.is_active && (
            <RowButton
              label={`${offer.is_paused ? 'Resume' : 'Pause'} ${offer.offer_name}`}
              className={offer.is_paused ? 'ma-resume' : undefined}
              onClick={pause.isPending ? () => undefined : flip}
            >
              {offer.is_paused ? <PlayIcon /> : <PauseIcon />} {offer.is_paused ? 'Resume' : 'Pause'}
            </RowButton>
          )}
          <RowButton label={`Edit Offer ${offer.offer_name}`} onClick={onEdit}>
            <EditIcon /> Edit
          </RowButton>
        </span>
      </div>
    </li>
  );
}

/**
 * My Offers (docs/PRODUCT.md "Screens"): the merchant's offers as cards, with their rules, what is left under their
 * caps, their results this month and all time, Pause / Resume and Edit Offer, and Add New Offer; merchants cannot delete. Below, the repeat limit across all
 * its offers.
 */
export function MyOffersPage() {
  const { data: list } = useSuspenseQuery(myOffersQuery);
  const dialog = useEditDialog<Offer>();

  return (
    <section className="stack">
      <OfflineNotice hasData />
      <div className="toolbar">
        <p className="muted">{`${list.length} ${list.length === 1 ? 'offer' : 'offers'}`}</p>
        {/* Each offer's results, this month and all time, as a file (docs/DATA.md "Per-offer results"). */}
        <ExportButton path="/merchant/my-offers/export" fileName="my-offer-results.csv" />
        <AddButton label="Add New Offer" onClick={dialog.add} />
      </div>
      {list.length === 0 ? (
        <p className="status-text">No offers found.</p>
      ) : (
        <ul className="ma-offer-grid">
          {list.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onEdit={() => dialog.edit(offer)} />
          ))}
        </ul>
      )}
      <FrequencySetting />
      <MyOfferDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
    </section>
  );
}
