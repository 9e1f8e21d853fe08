import { BagIcon, CupIcon, DiningIcon, GiftIcon, LeafIcon, MountainIcon, PartyIcon } from '../../components/ui/icons';
import type { MerchantType } from '../../../shared/api-types';
import type { GuestOfferCard } from './types';

export interface Category extends MerchantType {
  offerCount: number;
}

/** Merchant types that have offers for this guest, in the types' own order, with their offer counts. */
export function categoriesWithOffers(types: readonly MerchantType[], offers: readonly GuestOfferCard[]): Category[] {
  const counts = new Map<number, number>();
  for (const offer of offers) counts.set(offer.merchant_type_id, (counts.get(offer.merchant_type_id) ?? 0) + 1);
  return types.filter((type) => counts.has(type.id)).map((type) => ({ ...type, offerCount: counts.get(type.id)! }));
}

type Picture = typeof GiftIcon;
const PICTURES: [RegExp, Picture][] = [
  [/restaurant|food|dining|thali|kitchen/i, DiningIcon],
  [/cafe|coffee|bakery|tea/i, CupIcon],
  [/spa|wellness|salon|massage|ayurved/i, LeafIcon],
  [/shop|retail|boutique|craft|market/i, BagIcon],
  [/adventure|sport|surf|trek|tour/i, MountainIcon],
  [/night|club|bar|pub/i, PartyIcon],
];

/**
 * A picture for a category without a thumbnail: an inline SVG icon, not an emoji (a phone or kiosk without an emoji
 * font draws an emoji as an empty box).
 */
export function categoryPicture(name: string): Picture {
  return PICTURES.find(([pattern]) => pattern.test(name))?.[1] ?? GiftIcon;
}
