import { useRouterState } from '@tanstack/react-router';
import { formatIndianNumber } from '../../../shared/format';
import { Button } from '../ui/Button';

/** What a paged list (useSuspenseInfiniteQuery) needs for Load more and its count. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The rows of all loaded pages, the filtered total (the first page's X-Total-Count) and the server's reason when
 * it refused the filters (422): it is shown in the list's place.
 */
export function pagedRows<Row>(pages: { rows: Row[]; total?: number; refused?: string }[]) {
  return {
    rows: pages.flatMap((page) => page.rows),
    total: pages[0]?.total ?? 0,
    refused: pages.find((page) => page.refused)?.refused,
  };
}

/** "Showing 50 of 1,234 scans", with a spinner while other filters load (the route's loader) or the list refetches. */
export function ShowingCount({
  list,
  shown,
  total,
  noun,
}: {
  list: PagedQuery;
  shown: number;
  total: number;
  noun: string;
}) {
  const loading = useRouterState({ select: (s) => s.isLoading });
  return (
    <p className="scan-count" aria-live="polite">
      Showing {formatIndianNumber(shown)} of {formatIndianNumber(total)} {noun}
      {(loading || (list.isFetching && !list.isFetchingNextPage)) && <span className="spinner" aria-label="Updating" />}
    </p>
  );
}

/** Load more: the next page after the last one's cursor, while there is one. */
export function LoadMore({ list }: { list: PagedQuery }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="load-more">
      <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
