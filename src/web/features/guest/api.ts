import { queryOptions } from '@tanstack/react-query';
import type { GuestOffer } from './types';
import type { PublicHotel, ScanCheck, ScanResponse } from '../../../shared/types';
import type { ScanSubmission } from '../../../shared/schemas/scans';
import { api } from '../../lib/api';

/** The guest's reads are kept on the device too (meta.persist), so categories and offers browse offline. */
export const publicHotelQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['guest', 'hotel', hotelId],
    queryFn: () => api.get<PublicHotel>(`hotels/${hotelId}`),
    meta: { persist: true },
    staleTime: 5 * 60_000,
  });

export const guestOffersQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['guest', 'offers', locationId],
    queryFn: () => api.get<GuestOffer[]>('offers', { searchParams: { location_id: locationId } }),
    meta: { persist: true },
    staleTime: 60_000,
  });

export const checkScan = (hotelId: string, mobile: string) => api.get<ScanCheck>(`customer-scans/check/${hotelId}/${mobile}`);

/** The Idempotency-Key makes a retry (double tap, flaky network) return the same vouchers instead of new ones. */
export const submitScan = (input: ScanSubmission, idempotencyKey: string) =>
  api.post<ScanResponse>('customer-scans', input, { headers: { 'Idempotency-Key': idempotencyKey } });

export const couponPdfUrl = (couponId: string) => `/api/coupons/${couponId}/download`;
