import { useSuspenseQuery } from '@tanstack/react-query';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { formatDate, formatOfferValueForGuest } from '../../../shared/format';
import type { Offer } from '../../../shared/api-types';
import { OfflineNotice } from '../../components/layout/OfflineNotice';
import { Badge } from '../../components/ui/Badge';
import { AddButton, RowButton } from '../../components/lists/RowButtons';
import { EditIcon } from '../../components/ui/icons';
import { myOffersQuery } from './api';
import { MyOfferDialog } from './MyOfferDialog';

const hours = (offer: Offer) =>
  offer.opening_hours && offer.closing_hours ? `${offer.opening_hours} – ${offer.closing_hours}` : '-';

function OfferCard({ offer, onEdit }: { offer: Offer; onEdit: () => void }) {
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
      </dl>
      <div className="ma-offer-foot">
        <Badge tone={offer.is_active ? 'green' : 'grey'}>{offer.is_active ? 'Active' : 'Inactive'}</Badge>
        <RowButton label={`Edit Offer ${offer.offer_name}`} onClick={onEdit}>
          <EditIcon /> Edit Offer
        </RowButton>
      </div>
    </li>
  );
}

/**
 * My Offers (docs/PRODUCT.md "Screens"): the merchant's offers as cards, Add New Offer and Edit Offer; merchants cannot
 * delete.
 */
export function MyOffersPage() {
  const { data: list } = useSuspenseQuery(myOffersQuery);
  const dialog = useEditDialog<Offer>();

  return (
    <section className="stack">
      <OfflineNotice hasData />
      <div className="toolbar">
        <p className="muted">{`${list.length} ${list.length === 1 ? 'offer' : 'offers'}`}</p>
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
      <MyOfferDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
    </section>
  );
}
