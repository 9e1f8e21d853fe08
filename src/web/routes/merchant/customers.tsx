import { createFileRoute } from '@tanstack/react-router';
import { myCustomersQuery } from '../../features/merchant-area/api';
import { MyCustomersPage } from '../../features/merchant-area/MyCustomersPage';

export const Route = createFileRoute('/merchant/customers')({
  staticData: { title: 'My Customers' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(myCustomersQuery({ from: '', to: '' })),
  component: MyCustomersPage,
});
