import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime, formatRupees } from '../../../shared/format';
import { UNDO_WINDOW_MINUTES } from '../../../shared/schemas/counter';
import type { CounterRedemption } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { UndoRedemptionDialog } from '../../components/UndoRedemptionDialog';
import { RowButton } from '../../components/lists/RowButtons';
import { Dialog } from '../../components/ui/Dialog';
import { OverrideBadge } from '../../components/ui/OverrideBadge';
import { BillAmountForm } from './BillAmountForm';
import { counterTodayQuery, useUndoRedemption } from './counter-api';
import './counter.css';

export const UNDO_ERROR = 'Could not undo the redemption';

/** "22 Nov 2026, 14:05" → "14:05": the list is of one day. */
const timeOf = (iso: string) => formatDateTime(iso).slice(-5);

/** The time now, every 15 seconds: Undo buttons disappear when their window passes. */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Today at this counter (docs/COUNTER.md): today's redemptions here, newest first, with Undo while the window is
 * open (a reason is asked) and the bill amount, added or corrected. A failed load is only logged (the query's
 * meta); the box then says so and redeeming still works.
 */
export function CounterToday() {
  return (
    <PageBoundary pending={<TodayAtCounter rows={[]} note="Loading..." />} failed={TodayFailed}>
      <LoadedToday />
    </PageBoundary>
  );
}

const TodayFailed = () => <TodayAtCounter rows={[]} note="Could not load today’s redemptions." />;

function LoadedToday() {
  return <TodayAtCounter rows={useSuspenseQuery(counterTodayQuery).data} note="No redemptions yet today." />;
}

/** The list, or `note` in its place when it is empty. */
function TodayAtCounter({ rows, note }: { rows: CounterRedemption[]; note: string }) {
  const now = useNow();
  const [undoing, setUndoing] = useState<CounterRedemption | null>(null);
  const [billing, setBilling] = useState<CounterRedemption | null>(null);
  const undo = useUndoRedemption();

  return (
    <section className="card ma-today" aria-labelledby="ma-today-title">
      <h2 id="ma-today-title" className="ma-today-title">
        Today at this counter
        {rows.length > 0 && <span className="ma-today-count">{rows.length}</span>}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{note}</p>
      ) : (
        <ul className="ma-today-list">
          {rows.map((row) => {
            const canUndo = row.undo_until !== null && new Date(row.undo_until).getTime() > now;
            return (
              <li key={row.coupon_code} className="ma-today-item">
                <time className="ma-today-time" dateTime={row.redeemed_at}>
                  {timeOf(row.redeemed_at)}
                </time>
                <div className="ma-today-main">
                  <span className="ma-today-who">
                    <span className="ma-mono">{row.coupon_code}</span> · {row.customer_first_name}
                  </span>
                  <span className="ma-today-offer">{row.offer_name}</span>
                  {row.redeemed_by !== null && <span className="ma-today-by">Redeemed by {row.redeemed_by}</span>}
                  {row.override_reason !== null && <OverrideBadge reason={row.override_reason} />}
                </div>
                <div className="ma-today-side">
                  <button
                    type="button"
                    className="ma-today-bill"
                    onClick={() => setBilling(row)}
                    aria-label={
                      row.bill_amount === null
                        ? `Add bill amount for ${row.coupon_code}`
                        : `Bill ${formatRupees(row.bill_amount, 2)}, change for ${row.coupon_code}`
                    }
                  >
                    {row.bill_amount === null ? '+ Bill' : formatRupees(row.bill_amount, 2)}
                  </button>
                  {canUndo && (
                    <RowButton
                      label={`Undo ${row.coupon_code}`}
                      className="ma-today-undo"
                      onClick={() => setUndoing(row)}
                    >
                      Undo
                    </RowButton>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <UndoRedemptionDialog
        code={undoing?.coupon_code ?? null}
        undo={undo.mutateAsync}
        done={`Redemption of ${undoing?.coupon_code} undone. The voucher can be used again.`}
        failed={UNDO_ERROR}
        onClose={() => setUndoing(null)}
      >
        {undoing && (
          <p>
            <span className="ma-mono">{undoing.coupon_code}</span> ({undoing.customer_first_name}, {undoing.offer_name})
            becomes unused again. Undo is possible for {UNDO_WINDOW_MINUTES} minutes after redeeming.
          </p>
        )}
      </UndoRedemptionDialog>

      <Dialog open={billing !== null} title="Bill amount" onClose={() => setBilling(null)}>
        {billing && (
          <div className="stack">
            <p>
              <span className="ma-mono">{billing.coupon_code}</span> · {billing.customer_first_name} ·{' '}
              {billing.offer_name}
            </p>
            <BillAmountForm
              key={billing.coupon_code}
              code={billing.coupon_code}
              initial={billing.bill_amount}
              onSaved={() => setBilling(null)}
            />
          </div>
        )}
      </Dialog>
    </section>
  );
}
