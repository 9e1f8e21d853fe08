import { createFileRoute } from '@tanstack/react-router';
import { myOffersQuery } from '../../features/merchant-area/api';
import { MyOffersPage } from '../../features/merchant-area/MyOffersPage';

export const Route = createFileRoute('/merchant/offers')({
  staticData: { title: 'My Offers' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(myOffersQuery),
  component: MyOffersPage,
});
