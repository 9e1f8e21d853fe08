import { queryOptions } from '@tanstack/react-query';
import type { GuestLanguage } from '../../../shared/guest-languages';
import type { ScanSubmission } from '../../../shared/schemas/scans';
import { api } from '../../lib/api';

/** The guest's reads are kept on the device too (meta.persist), so categories and offers browse offline. */
export const publicHotelQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['guest', 'hotel', hotelId],
    queryFn: () => api.guest.get('/hotels/:id', { param: { id: hotelId } }),
    meta: { persist: true },
    staleTime: 5 * 60_000,
  });

/** The hotel's guest-visible offers as cards: its location and, for a manual hotel, its chosen merchant types. */
export const guestOffersQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['guest', 'offers', hotelId],
    queryFn: () => api.guest.get('/offers', { query: { hotel_id: hotelId } }),
    meta: { persist: true },
    staleTime: 60_000,
  });

/** One offer's View Details, fetched when tapped; kept on the device like the list, so it opens offline once seen. */
export const guestOfferDetailsQuery = (hotelId: string, offerId: string) =>
  queryOptions({
    queryKey: ['guest', 'offer-details', hotelId, offerId],
    queryFn: () => api.guest.get('/offers/:id/details', { param: { id: offerId }, query: { hotel_id: hotelId } }),
    meta: { persist: true },
    staleTime: 60_000,
  });

/** `card`: the scanned card's token (card-token.ts), absent through the hotel's old link. */
export const checkScan = (hotelId: string, mobile: string, card?: string) =>
  api.guest.get('/customer-scans/check/:hotelId/:mobile', { param: { hotelId, mobile }, query: { p: card } });

/** The Idempotency-Key makes a retry (double tap, flaky network) return the same vouchers instead of new ones. */
export const submitScan = (input: ScanSubmission, idempotencyKey: string) =>
  api.guest.post('/customer-scans', { json: input, headers: { 'Idempotency-Key': idempotencyKey } });

export const publicConfigQuery = queryOptions({
  queryKey: ['guest', 'config'],
  queryFn: () => api.guest.get('/config'),
  meta: { persist: true },
  staleTime: 60 * 60_000,
});

export const guestMerchantTypesQuery = queryOptions({
  queryKey: ['guest', 'merchant-types'],
  queryFn: () => api.guest.get('/merchant-types'),
  meta: { persist: true },
  staleTime: 10 * 60_000,
});

/** The voucher's PDF in the page's language (the guest may have switched since the claim). */
export const couponPdfUrl = (couponId: string, lang: GuestLanguage) => `/api/coupons/${couponId}/download?lang=${lang}`;
