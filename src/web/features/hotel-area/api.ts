import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { HotelCustomer, HotelDashboard } from '../../../shared/hotel-area-types';
import { roomCardsFileName, type RoomCardLayout } from '../../../shared/schemas/hotel-area';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import type { HotelCustomerFilters } from './search';

/** GET /hotel/dashboard: the signed-in hotel's figures (the server picks the hotel from the login). */
export const hotelDashboardQuery = queryOptions({
  queryKey: ['hotel-area', 'dashboard'],
  queryFn: () => api.get<HotelDashboard>('hotel/dashboard'),
  meta: { errorMessage: 'Failed to load dashboard data' },
});

export const CUSTOMERS_PAGE_SIZE = 50;

export interface HotelCustomerPage {
  rows: HotelCustomer[];
  total: number;
  nextCursor?: string;
}

/** GET /hotel/customers, newest first; "Load more" asks for the rows after the last page's X-Next-Cursor. */
export const hotelCustomersQuery = (filters: HotelCustomerFilters) =>
  infiniteQueryOptions({
    queryKey: ['hotel-area', 'customers', filters],
    queryFn: ({ pageParam }): Promise<HotelCustomerPage> => {
      const searchParams: Record<string, string | number> = { limit: CUSTOMERS_PAGE_SIZE };
      if (filters.from) searchParams.from = filters.from;
      if (filters.to) searchParams.to = filters.to;
      if (pageParam) searchParams.cursor = pageParam;
      return api.getPage<HotelCustomer[]>('hotel/customers', { searchParams });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorMessage: 'Failed to load data' },
  });

/** Saves the hotel's room cards (GET /hotels/{id}/room-cards.pdf with the login's token) under the server's name. */
export const downloadRoomCards = (hotel: { id: string; name: string }, layout: RoomCardLayout) =>
  downloadFile(`hotels/${hotel.id}/room-cards.pdf`, { layout }, roomCardsFileName(hotel.name, layout));
