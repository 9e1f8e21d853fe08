import type { MerchantType } from '../../../shared/types';
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

const EMOJI: [RegExp, string][] = [
  [/restaurant|food|dining|thali|kitchen/i, '🍽️'],
  [/cafe|coffee|bakery|tea/i, '☕'],
  [/spa|wellness|salon|massage|ayurved/i, '💆'],
  [/shop|retail|boutique|craft|market/i, '🛍️'],
  [/adventure|sport|surf|trek|tour/i, '🏄'],
  [/night|club|bar|pub/i, '🎉'],
];

/** A picture for a category without a thumbnail. */
export function categoryEmoji(name: string): string {
  return EMOJI.find(([pattern]) => pattern.test(name))?.[1] ?? '🎁';
}
