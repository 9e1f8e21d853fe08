import { queryOptions } from '@tanstack/react-query';
import type { ManualPaymentInput } from '../../../shared/schemas/payments';
import { api } from '../../lib/api';
import { useListMutation } from '../../lib/list-queries';

/** A hotel's payments (docs/PRODUCT.md "Payments"): its periods with what each owes, was paid, and its link. */
const fetchHotelPayments = (hotelId: string) => api.get('/payments/hotels/:id', { param: { id: hotelId } });
export const hotelPaymentsQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['payments', hotelId],
    queryFn: () => fetchHotelPayments(hotelId),
    // A gateway's webhook pays a period behind the screen's back: read again each time the dialog opens.
    staleTime: 0,
    meta: { errorMessage: 'Failed to load payments' },
  });
export type HotelPayments = Awaited<ReturnType<typeof fetchHotelPayments>>;
export type PeriodPayments = HotelPayments['periods'][number];

/** A payment by hand; the hotel's payments and the dashboard's unpaid figure are read again after it. */
export const useRecordPayment = (hotelId: string, periodId: string) =>
  useListMutation(
    (input: ManualPaymentInput) => api.post('/payments/periods/:id', { param: { id: periodId }, json: input }),
    ['payments', hotelId],
    ['dashboard'],
  );

/** A payment link for what the period still owes (the live one when it asks that amount). */
export const useSendPaymentLink = (hotelId: string) =>
  useListMutation(
    (periodId: string) => api.post('/payments/periods/:id/link', { param: { id: periodId } }),
    ['payments', hotelId],
  );

/** The hotel area's own periods, with the open payment link to pay what is due. */
const fetchOwnPayments = () => api.get('/hotel/payments');
export const ownPaymentsQuery = queryOptions({
  queryKey: ['hotel-payments'],
  queryFn: fetchOwnPayments,
  staleTime: 0,
  meta: { errorMessage: 'Failed to load payments' },
});
