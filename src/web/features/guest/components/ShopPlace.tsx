import type { Coupon } from '../../../../shared/api-types';
import { ClockIcon, ExternalIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { useGuestI18n } from '../i18n/i18n';

type Place = Pick<Coupon['merchant'], 'address' | 'store_contact_number' | 'map_link'>;
type Hours = Pick<Coupon['offer'], 'opening_hours' | 'closing_hours'>;

/**
 * Where the shop is (docs/PRODUCT.md "Screens", the guest flow), a line each: its address, a map link, the store's
 * number to call and, when given, the offer's hours. What a phone kept from before these fields existed lacks them (a
 * saved voucher until it is refreshed online, fresh-vouchers.ts; View Details read earlier, until read again): nothing
 * is drawn for it.
 */
export function ShopPlace({ place, hours }: { place: Partial<Place> | undefined; hours?: Partial<Hours> }) {
  const { t } = useGuestI18n();
  if (!place?.address) return null;
  const phone = place.store_contact_number;
  return (
    <ul className="shop-place">
      <li>
        <PinIcon width={16} height={16} />
        <span>{place.address}</span>
      </li>
      <li>
        <ExternalIcon width={16} height={16} />
        <a href={place.map_link} target="_blank" rel="noopener noreferrer">
          {t.place.map}
        </a>
      </li>
      {phone && (
        <li>
          <PhoneIcon width={16} height={16} />
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{t.place.call(phone)}</a>
        </li>
      )}
      {hours?.opening_hours && hours.closing_hours && (
        <li>
          <ClockIcon width={16} height={16} />
          <span>{t.place.hours(hours.opening_hours, hours.closing_hours)}</span>
        </li>
      )}
    </ul>
  );
}
