import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { statementsQuery } from '../../features/statements/api';
import { StatementsPage } from '../../features/statements/StatementsPage';

export const Route = createFileRoute('/merchant/statements')({
  staticData: { title: 'Statements' },
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(statementsQuery()),
  errorComponent: PageError,
  component: StatementsPage,
});
