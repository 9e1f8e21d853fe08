import type { ReactNode } from 'react';
import { OFFER_TYPE_LABELS, formatDate, formatDateTime, formatOfferValue } from '../../../shared/format';
import type { Offer } from '../../../shared/api-types';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Detail as DetailItem } from '../../components/ui/Detail';
import { RecordDialog } from '../../components/ui/RecordDialog';
import { describeOfferRules } from '../../../shared/offer-rules';
import { OfferImage } from './OfferImage';
import { CAP_REACHED, todayText, totalText } from './usage';

const Detail = ({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) => (
  <DetailItem label={label} className={wide ? 'offer-detail mo-wide' : 'offer-detail'}>
    {children}
  </DetailItem>
);

/** The view action of All Offers: every detail, the images and the Valid/Expired and Active/Inactive badges. */
export function OfferDetailsDialog({
  offer,
  onClose,
  onEdit,
}: {
  offer: Offer | null;
  onClose: () => void;
  onEdit: (offer: Offer) => void;
}) {
  return (
    <RecordDialog
      record={offer}
      title="Offer Details"
      onClose={onClose}
      size="md"
      footer={(shown) => (
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => onEdit(shown)}>Edit Offer</Button>
        </>
      )}
    >
      {(offer) => (
        <div className="offer-details">
          <div className="offer-details-head">
            <div>
              <h3>{offer.offer_name}</h3>
              <p className="muted">
                {offer.merchant_name} · {offer.merchant.merchant_type} · {offer.location_name}
              </p>
            </div>
            <span className="offer-value-badge">{formatOfferValue(offer.offer_type, offer.offer_value)}</span>
          </div>
          <div className="offer-badges">
            {offer.is_expired ? <Badge tone="red">Expired</Badge> : <Badge tone="green">Valid</Badge>}
            {offer.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
            {offer.is_paused && <Badge tone="blue">Paused by the merchant</Badge>}
            {offer.cap_reached && <Badge tone="red">{CAP_REACHED}</Badge>}
          </div>
          {offer.images.length > 0 ? (
            <ul className="offer-gallery" aria-label="Offer images">
              {offer.images.map((url, i) => (
                <li key={url}>
                  <OfferImage src={url} alt={`${offer.offer_name}, image ${i + 1}`} className="offer-gallery-image" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No images</p>
          )}
          <dl className="offer-detail-grid">
            <Detail label="Offer Type">{OFFER_TYPE_LABELS[offer.offer_type]}</Detail>
            <Detail label="Offer Value">{formatOfferValue(offer.offer_type, offer.offer_value)}</Detail>
            <Detail label="Valid From">{formatDate(offer.validity_from)}</Detail>
            <Detail label="Valid To">{formatDate(offer.validity_to)}</Detail>
            <Detail label="Opening Hours">{offer.opening_hours ?? '-'}</Detail>
            <Detail label="Closing Hours">{offer.closing_hours ?? '-'}</Detail>
            <Detail label="Description" wide>
              <span className="mo-pre-line">{offer.description || '-'}</span>
            </Detail>
            <Detail label="Terms & Conditions" wide>
              <span className="mo-pre-line">{offer.terms_conditions || '-'}</span>
            </Detail>
            {/* docs/PRODUCT.md "Offer rules": its rules in the guest's words, and what its caps leave. */}
            <Detail label="Limits and conditions" wide>
              <RuleLines offer={offer} />
            </Detail>
            <Detail label="Vouchers today">{todayText(offer)}</Detail>
            <Detail label="Vouchers in all">{totalText(offer)}</Detail>
            <Detail label="Created">{formatDateTime(offer.created_at)}</Detail>
          </dl>
        </div>
      )}
    </RecordDialog>
  );
}

function RuleLines({ offer }: { offer: Offer }) {
  const lines = describeOfferRules(offer);
  if (lines.length === 0) return <>None</>;
  return (
    <ul className="mo-rule-lines">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
