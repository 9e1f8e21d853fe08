import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { OFFER_TYPE_LABELS, formatDate, formatOfferValue } from '../../../shared/format';
import type { Offer } from '../../../shared/api-types';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { ExportButton } from '../../components/ui/ExportButton';
import { IconButton } from '../../components/ui/Button';
import { EditButton } from '../../components/lists/RowButtons';
import { ListTable, type Column } from '../../components/ui/Table';
import { EyeIcon } from '../../components/ui/icons';
import { FilterSelect } from '../../components/filters/FilterFields';
import { LocationSelect, useLocationList } from '../locations';
import { ActiveSwitch } from './ActiveSwitch';
import { offersQuery, useToggleOffer } from './api';
import { EditOfferDialog } from './EditOfferDialog';
import { MerchantCell } from './MerchantCell';
import { OfferDetailsDialog } from './OfferDetailsDialog';
import { rateText, resultsText } from './results';
import { CAP_REACHED, todayText, totalText } from './usage';

const STATUS_TONE: Record<Offer['status'], BadgeTone> = { Expired: 'red', Inactive: 'grey', Active: 'green' };

const COLUMNS: Column[] = [
  'Merchant Name',
  'Offer Name',
  'Location',
  'Offer Type',
  'Offer Value',
  'Valid From',
  'Valid To',
  'Status',
  'Vouchers',
  'Used',
  'Active',
  'Actions',
];

/** The caps filter's choices: the offers whose cap is full now, or the others (docs/PRODUCT.md "Offer rules"). */
const CAP_OPTIONS = [
  { id: 'true', name: CAP_REACHED },
  { id: 'false', name: 'Available' },
];

/** The list's order: by merchant (the default), or highest redemption rate first (docs/DATA.md "Per-offer results"). */
const ORDER_OPTIONS = [{ id: 'redemption_rate', name: 'Redemption rate' }];

/**
 * All Offers (docs/PRODUCT.md "Screens"): location and cap filters, the offers table (with the offer's name beside
 * its merchant's, an addition to the spec's columns) with status, paused and "Cap reached" badges, the vouchers left
 * under its caps, its redemption rate and results (all time; sortable by the rate), the Active toggle, view and edit.
 */
export function OffersPage() {
  const [capFilter, setCapFilter] = useState<string | undefined>();
  // The list follows the filter once the new rows are loaded (as the location's, use-location-list.ts).
  const capListed = useDeferredValue(capFilter);
  const [order, setOrder] = useState<string | undefined>();
  const ordered = useDeferredValue(order);
  const { rows, locationId, setLocationId } = useLocationList((location) =>
    offersQuery(location, capListed === undefined ? undefined : capListed === 'true', ordered === 'redemption_rate'),
  );
  const toggle = useToggleOffer();
  const [toggling, setToggling] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Offer | null>(null);
  const [editing, setEditing] = useState<Offer | null>(null);

  const flip = (offer: Offer) => {
    if (toggling) return;
    setToggling(offer.id);
    toggle.mutate(offer.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: () => toast.error('Failed to toggle offer status'),
      onSettled: () => setToggling(null),
    });
  };

  return (
    <section className="stack">
      <div className="toolbar mo-toolbar">
        <LocationSelect className="mo-location-filter" value={locationId} onChange={setLocationId} />
        <div className="mo-location-filter">
          <FilterSelect label="Caps" all="All offers" value={capFilter} onChange={setCapFilter} options={CAP_OPTIONS} />
        </div>
        <div className="mo-location-filter">
          <FilterSelect label="Sort" all="Merchant" value={order} onChange={setOrder} options={ORDER_OPTIONS} />
        </div>
        {/* Every offer's results (this month and all time) of the location, or all, as a file. */}
        <ExportButton path="/offers/export" query={{ location_id: locationId }} fileName="offer-results.csv" />
        <p className="muted mo-count">
          {rows.length} {rows.length === 1 ? 'offer' : 'offers'}
        </p>
      </div>

      <ListTable rows={rows} empty="No offers found" className="mo-table" caption="All offers" columns={COLUMNS}>
        {(offer) => (
          <tr key={offer.id}>
            <MerchantCell name={offer.merchant_name} sub={offer.merchant.merchant_type} />
            <td className="mo-cell-wrap">{offer.offer_name}</td>
            <td>{offer.location_name}</td>
            <td>{OFFER_TYPE_LABELS[offer.offer_type]}</td>
            <td className="mo-num">{formatOfferValue(offer.offer_type, offer.offer_value)}</td>
            <td>{formatDate(offer.validity_from)}</td>
            <td>{formatDate(offer.validity_to)}</td>
            <td>
              <span className="mo-badges">
                <Badge tone={STATUS_TONE[offer.status]}>{offer.status}</Badge>
                {offer.is_paused && <Badge tone="blue">Paused</Badge>}
                {offer.cap_reached && <Badge tone="red">{CAP_REACHED}</Badge>}
              </span>
            </td>
            {/* Left under its caps (docs/PRODUCT.md "Offer rules"). */}
            <td className="mo-usage">
              <span>Today: {todayText(offer)}</span>
              <span>In all: {totalText(offer)}</span>
            </td>
            {/* Its redemption rate, all time, and vouchers used of issued (the whole line My Offers shows as a title). */}
            <td className="mo-usage">
              <strong>{rateText(offer.results.all_time.redemption_rate)}</strong>
              <span title={resultsText(offer.results.all_time)}>
                {offer.results.all_time.redeemed} of {offer.results.all_time.issued}
              </span>
            </td>
            <td>
              <ActiveSwitch
                checked={offer.is_active}
                label={`Active: ${offer.offer_name} (${offer.merchant_name})`}
                disabled={toggling !== null}
                onToggle={() => flip(offer)}
              />
            </td>
            <td>
              <span className="mo-actions">
                <IconButton label={`View ${offer.offer_name}`} onClick={() => setViewing(offer)}>
                  <EyeIcon />
                </IconButton>
                <EditButton name={offer.offer_name} onClick={() => setEditing(offer)} />
              </span>
            </td>
          </tr>
        )}
      </ListTable>

      <OfferDetailsDialog
        offer={viewing}
        onClose={() => setViewing(null)}
        onEdit={(offer) => {
          setViewing(null);
          setEditing(offer);
        }}
      />
      <EditOfferDialog record={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
