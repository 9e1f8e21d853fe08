import { queryOptions } from '@tanstack/react-query';
import type { Offer, OfferWithResults } from '../../../shared/api-types';
import type { OfferCreateInput, OfferUpdateInput } from '../../../shared/schemas/offers';
import { api } from '../../lib/api';
import { useListMutation } from '../../lib/list-queries';

/**
 * GET /offers (back office: every offer that is not archived), all locations or one; `capReached` filters by the
 * "Cap reached" badge (docs/PRODUCT.md "Offer rules"): true, the offers with a full cap, false the others; `byRate`
 * sorts by redemption rate. Each offer comes with its results.
 */
/** The back office's offers all come with their results (a guest's list by location has none). */
const withResults = (offer: Offer | OfferWithResults): offer is OfferWithResults => 'results' in offer;

export const offersQuery = (locationId?: number, capReached?: boolean, byRate = false) =>
  queryOptions({
    queryKey: ['offers', { locationId: locationId ?? null, capReached: capReached ?? null, byRate }],
    queryFn: () =>
      api
        .get('/offers', {
          query: {
            location_id: locationId || undefined,
            cap_reached: capReached === undefined ? undefined : capReached ? 'true' : 'false',
            // Highest redemption rate (all time) first (docs/DATA.md "Per-offer results").
            sort: byRate ? 'redemption_rate' : undefined,
          },
        })
        .then((list) => {
          const offers: readonly (Offer | OfferWithResults)[] = list;
          return offers.filter(withResults);
        }),
    meta: { errorMessage: 'Failed to load offers' },
  });

/** A new offer changes the merchants' offer counts as well as the offers list. */
const OFFER_LISTS = [['offers'], ['merchants']];

export const useCreateOffer = () =>
  useListMutation((input: OfferCreateInput) => api.post('/offers', { json: input }), ...OFFER_LISTS);

export const useUpdateOffer = () =>
  useListMutation(
    ({ id, ...input }: OfferUpdateInput & { id: string }) => api.put('/offers/:id', { param: { id }, json: input }),
    ...OFFER_LISTS,
  );

/** PATCH /offers/{id}/toggle-active: answers the message to show; the list reloads (docs/PRODUCT.md "States"). */
export const useToggleOffer = () =>
  useListMutation((id: string) => api.patch('/offers/:id/toggle-active', { param: { id } }), ...OFFER_LISTS);

/**
 * POST /merchants/upload-image: one offer image (back office and merchants alike), answers the stored
 * `/uploads/merchants/<file>` path.
 */
export const uploadOfferImage = (file: File) => api.upload('/merchants/upload-image', file);
