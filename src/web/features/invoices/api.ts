import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind } from '../../../shared/gst';
import type { BillingSettingsInput, HotelBillingInput } from '../../../shared/schemas/invoices';
import { api } from '../../lib/api';
import { pagedListQuery, useListMutation } from '../../lib/list-queries';

/**
 * Billing (docs/PRODUCT.md "Tax invoices"): the operator's settings, a hotel's billing details (the back office's and
 * the hotel's own), the invoice lists, and cancelling a renewal.
 */

/** The list's filters as the query sends them: the financial year by the year it starts in ("2026"). */
export interface InvoiceFilters {
  financial_year?: string;
  kind?: InvoiceKind;
}
export const INVOICES_PAGE_SIZE = 50;

const fetchBillingSettings = () => api.get('/settings/billing');
export const billingSettingsQuery = queryOptions({
  queryKey: ['settings', 'billing'],
  queryFn: fetchBillingSettings,
  meta: { errorMessage: 'Failed to load billing settings' },
});
export type BillingSettings = Awaited<ReturnType<typeof fetchBillingSettings>>;

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingSettingsInput) => api.put('/settings/billing', { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(billingSettingsQuery.queryKey, saved),
  });
}

/** POST /settings/billing/upload-signature → {url}: the signature image, stored privately (an image, up to 5 MB). */
export const uploadSignature = (file: File) => api.upload('/settings/billing/upload-signature', file);

/** GET /invoices: the back office's, newest first, paged by cursor. */
export const invoicesQuery = (filters: InvoiceFilters = {}) =>
  pagedListQuery({
    queryKey: ['invoices', filters],
    path: '/invoices',
    filters: { financial_year: filters.financial_year, kind: filters.kind },
    limit: INVOICES_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load invoices' },
  });

const noFilters: InvoiceFilters = {};

/** GET /hotel/invoices: the hotel's own. */
export const ownInvoicesQuery = () =>
  pagedListQuery({
    // The same key shape as the back office's list (one screen draws either).
    queryKey: ['hotel-invoices', noFilters],
    path: '/hotel/invoices',
    filters: {},
    limit: INVOICES_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load invoices' },
  });

const fetchOwnBilling = () => api.get('/hotel/billing');
export const ownBillingQuery = queryOptions({
  queryKey: ['hotel', 'billing'],
  queryFn: fetchOwnBilling,
  meta: { errorMessage: 'Failed to load billing details' },
});
export type HotelBilling = Awaited<ReturnType<typeof fetchOwnBilling>>;

export const hotelBillingQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['hotels', hotelId, 'billing'],
    queryFn: () => api.get('/hotels/:id/billing', { param: { id: hotelId } }),
    meta: { errorMessage: 'Failed to load billing details' },
  });

/** Saves a hotel's billing details: its own (no id) or, in the back office, a hotel's. */
export function useSaveHotelBilling(hotelId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelBillingInput) =>
      hotelId
        ? api.put('/hotels/:id/billing', { param: { id: hotelId }, json: input })
        : api.put('/hotel/billing', { json: input }),
    onSuccess: (saved) =>
      queryClient.setQueryData(hotelId ? hotelBillingQuery(hotelId).queryKey : ownBillingQuery.queryKey, saved),
  });
}

/** POST /subscription-periods/{id}/cancel; the hotels, their renewals and the invoices read again. */
export const useCancelRenewal = () =>
  useListMutation(
    ({ periodId, reason }: { periodId: string; reason: string }) =>
      api.post('/subscription-periods/:id/cancel', { param: { id: periodId }, json: { reason } }),
    ['hotels'],
    ['invoices'],
  );
