import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary, useRouter, type ErrorComponentProps, type ErrorRouteComponent } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { loadFailureText } from '../../lib/query-client';
import { Button } from '../ui/Button';
import { OfflineNotice } from './OfflineNotice';

/**
 * The one loading view and the one load-failure view of the signed-in areas. Route loaders ensure a page's data
 * (`ensureQueryData`), pages read it with `useSuspenseQuery`; a page still waiting shows PagePending, a failed
 * load PageError (the toast comes from the query's meta, lib/query-client.ts).
 */
export function PagePending() {
  return (
    <section className="stack">
      <OfflineNotice hasData={false} />
      <p className="status-text">Loading...</p>
    </section>
  );
}

/** The failed load's text and Try again, which loads the page again. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const retry = async () => {
    queries.reset();
    await router.invalidate();
    reset();
  };
  return (
    <section className="stack" role="alert">
      <p className="status-text">{loadFailureText(error)}</p>
      <div className="load-more">
        <Button variant="secondary" onClick={() => void retry()}>
          Try again
        </Button>
      </div>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new key (another page, other filters) clears a shown failure. */
  resetKey?: unknown;
  pending?: ReactNode;
  /** Instead of PageError, where the spec has a failure show something else (e.g. an empty list). */
  failed?: ErrorRouteComponent;
}

/** Suspense and an error boundary: around each area's pages (DashboardFrame), and parts that load on their own. */
export function PageBoundary({ children, resetKey, pending = <PagePending />, failed = PageError }: BoundaryProps) {
  return (
    <CatchBoundary getResetKey={() => resetKey} errorComponent={failed}>
      <Suspense fallback={pending}>{children}</Suspense>
    </CatchBoundary>
  );
}
